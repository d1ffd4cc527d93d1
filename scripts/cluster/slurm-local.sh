#!/usr/bin/env bash
# A single-node Slurm cluster on this machine, for trying (and testing) the array job in a minute:
#
#   scripts/cluster/slurm-local.sh start DIR   # munge key, slurm.conf naming this host, munged, slurmctld, slurmd
#   export SLURM_CONF=DIR/slurm.conf           # what `start` prints: sbatch, squeue, ... use this cluster
#   scripts/cluster/slurm-local.sh stop DIR    # stops the daemons `start` started (their PIDs in DIR), no other
#
# Needs the Debian packages slurm-wlm and munge, and root (slurmd runs jobs as their users). Everything
# lives in DIR (created if missing): config, key, sockets, state, logs and DIR/pids. Ports are picked at
# random (SLURMCTLD_PORT and SLURMD_PORT override them), so it does not clash with a real cluster's.
set -euo pipefail

usage() { echo "usage: $0 start|stop DIR" >&2; exit 2; }
[ $# -eq 2 ] || usage
cmd=$1
mkdir -p "$2"
dir=$(cd "$2" && pwd)
pids=$dir/pids

stop() {
	[ -f "$pids" ] || return 0
	# Stop only what `start` started, newest first, by the PIDs it recorded.
	tac "$pids" | while read -r name pid; do
		if kill -0 "$pid" 2>/dev/null; then
			kill "$pid" 2>/dev/null || true
			for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
			kill -0 "$pid" 2>/dev/null && kill -9 "$pid" 2>/dev/null || true
		fi
		echo "stopped $name ($pid)"
	done
	rm -f "$pids"
}

start() {
	for prog in munged slurmctld slurmd sinfo; do
		command -v "$prog" >/dev/null || { echo "$0: $prog not found: install the Debian packages slurm-wlm and munge" >&2; exit 1; }
	done
	[ "$(id -u)" = 0 ] || { echo "$0: slurmd needs root" >&2; exit 1; }
	[ -f "$pids" ] && { echo "$0: $dir already has a running cluster (stop it first)" >&2; exit 1; }
	mkdir -p "$dir/munge" "$dir/state" "$dir/spool" "$dir/log"
	chmod 700 "$dir/munge"
	host=$(hostname -s)
	ctld_port=${SLURMCTLD_PORT:-$((20000 + RANDOM % 20000))}
	slurmd_port=${SLURMD_PORT:-$((ctld_port + 1))}
	user=$(id -un)
	cpus=$(nproc)
	mem=$(awk '/MemTotal/ {print int($2 / 1024 / 2)}' /proc/meminfo)

	# munge: a fresh key, its own socket
	head -c 1024 /dev/urandom >"$dir/munge/munge.key"
	chmod 400 "$dir/munge/munge.key"
	munged --foreground --force --key-file="$dir/munge/munge.key" --socket="$dir/munge/munge.socket" \
		--pid-file="$dir/munge/munged.pid" --log-file="$dir/log/munged.log" --seed-file="$dir/munge/seed" \
		>/dev/null 2>&1 &
	echo "munged $!" >>"$pids"
	for _ in $(seq 50); do [ -S "$dir/munge/munge.socket" ] && break; sleep 0.1; done
	[ -S "$dir/munge/munge.socket" ] || { echo "$0: munged did not start (see $dir/log/munged.log)" >&2; stop; exit 1; }

	cat >"$dir/slurm.conf" <<CONF
# single-node cluster written by scripts/cluster/slurm-local.sh
ClusterName=ruleslab
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$user
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/munge.socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
MinJobAge=30
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
	export SLURM_CONF=$dir/slurm.conf
	slurmctld -D -i -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
	echo "slurmctld $!" >>"$pids"
	slurmd -D -f "$SLURM_CONF" -N "$host" >"$dir/log/slurmd.out" 2>&1 &
	echo "slurmd $!" >>"$pids"
	# ready when the node is idle
	for _ in $(seq 150); do
		if sinfo -h -N -o %t 2>/dev/null | grep -qx 'idle'; then
			echo "export SLURM_CONF=$SLURM_CONF"
			return 0
		fi
		sleep 0.2
	done
	echo "$0: the node did not come up; logs in $dir/log:" >&2
	tail -n 20 "$dir"/log/*.log >&2 || true
	stop >&2
	exit 1
}

case $cmd in
start) start ;;
stop) stop ;;
*) usage ;;
esac

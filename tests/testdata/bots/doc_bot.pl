#!/usr/bin/perl
# A bot written from docs/protocol.md alone, in a language ruleslab does not ship (Perl 5, core
# modules only): tests/protocol_test.go seats it in every bundled game.
#
# It answers hello with ready, and each decide with a legal move chosen from what it sees (the number
# of cards in the zones it sees: a visible zone always has "cards"). It counts its own moves among the
# events (the doc says they are there), and at the end appends to the file named by its argument one
# JSON line: its seat, the game's totals and winners, how many answers it gave, how many of its own
# moves it saw in events, and the last event's type.
use strict;
use warnings;
use JSON::PP;

my $record = shift @ARGV or die "doc_bot.pl: give the record file\n";
my $json = JSON::PP->new->canonical;
$| = 1;    # the engine waits for whole lines: flush each one

my ($seat, $answers, $own_seen, $last_event) = (-1, 0, 0, '');

sub count_events {
    my ($events) = @_;
    for my $e (@$events) {
        $own_seen++ if $e->{type} eq 'move' && $e->{seat} == $seat;
        $last_event = $e->{type};
    }
}

sub seen_cards {
    my ($obs) = @_;
    my $n = 0;
    for my $z (@{ $obs->{zones} }) {
        $n += scalar @{ $z->{cards} } if $z->{visible};
    }
    return $n;
}

while (my $line = <STDIN>) {
    next if $line =~ /^\s*$/;
    my $msg = $json->decode($line);
    my $type = $msg->{type};
    if ($type eq 'hello') {
        my ($major) = split /\./, $msg->{version};
        die "doc_bot.pl: protocol $msg->{version} is not 1.x\n" unless $major eq '1';
        $seat = $msg->{seat};
        print $json->encode({ type => 'ready', version => '1.0' }), "\n";
    } elsif ($type eq 'decide') {
        count_events($msg->{events});
        my $legal = $msg->{legal};
        my $pick = ($seat + $msg->{move} + seen_cards($msg->{observation})) % scalar @$legal;
        print $json->encode({ move => $legal->[$pick] }), "\n";
        $answers++;
    } elsif ($type eq 'end') {
        count_events($msg->{events});
        seen_cards($msg->{observation});
        open my $f, '>>', $record or die "doc_bot.pl: $record: $!\n";
        print $f $json->encode({ seat => $seat, totals => $msg->{totals}, winners => $msg->{winners},
            answers => $answers, own_moves_seen => $own_seen, last_event => $last_event }), "\n";
        close $f;
        last;
    }
}

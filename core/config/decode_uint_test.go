package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestDecodeUint64(t *testing.T) {
	var v struct {
		Seed *uint64 `yaml:"seed"`
	}
	path := filepath.Join(t.TempDir(), "x.yaml")
	if err := os.WriteFile(path, []byte("seed: 11904322950028659555\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeFile(path, &v); err != nil {
		t.Fatal(err)
	}
	if v.Seed == nil || *v.Seed != 11904322950028659555 {
		t.Fatalf("seed = %v", v.Seed)
	}
	if err := os.WriteFile(path, []byte("seed: -1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeFile(path, &v); err == nil || !strings.Contains(err.Error(), "non-negative") {
		t.Fatalf("negative seed: err = %v", err)
	}
}

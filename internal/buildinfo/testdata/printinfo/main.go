// Command printinfo prints buildinfo.Read() as JSON, for the test that
// builds it with .goreleaser.yaml's ldflags.
package main

import (
	"encoding/json"
	"os"

	"rdash/internal/buildinfo"
)

func main() {
	if err := json.NewEncoder(os.Stdout).Encode(buildinfo.Read()); err != nil {
		os.Exit(1)
	}
}

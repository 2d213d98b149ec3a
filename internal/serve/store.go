package serve

import (
	"context"
	"fmt"

	"rdash/auth"
	"rdash/config"
)

// ChooseTokenStore picks where served sessions keep tokens: the server
// account's keyring (answering a probe now), or the sealed files, whose
// data key is made on first use. It says which and why, for the log.
func ChooseTokenStore(ctx context.Context, want string, env config.Env, keyPath string) (auth.Keyring, []byte, string, error) {
	sealed := func(why string) (auth.Keyring, []byte, string, error) {
		key, err := LoadOrCreateTokenKey(keyPath)
		if err != nil {
			return nil, nil, "", err
		}
		return nil, key, "sealed files (" + why + ")", nil
	}
	switch want {
	case "sealed":
		return sealed("--token-store sealed")
	case "keyring", "auto":
	default:
		return nil, nil, "", fmt.Errorf("--token-store: %q is not keyring, sealed or auto", want)
	}
	kr, why := auth.SystemKeyringFor(env)
	if why == nil {
		why = auth.NewStore(auth.StoreOptions{Keyring: kr}).Check(ctx)
	}
	switch {
	case why == nil:
		return kr, nil, "the server account's keyring", nil
	case want == "keyring":
		return nil, nil, "", fmt.Errorf("--token-store keyring: %w", why)
	}
	return sealed("no keyring: " + why.Error())
}

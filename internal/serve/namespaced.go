package serve

// Keyring is the part of an OS keyring rdash's auth Store uses (the same
// methods as auth.Keyring).
type Keyring interface {
	Get(service, account string) (string, error)
	Set(service, account, secret string) error
	Delete(service, account string) error
}

// Namespaced is kr with every service name put under one key's
// directory name ("rdash-serve/<dir>/rdash:host"), so the keys sharing
// the server account's keyring never read or overwrite each other's
// tokens, even when they sign in as the same account.
func Namespaced(kr Keyring, dirName string) Keyring {
	return namespaced{kr: kr, prefix: NamespacedService(dirName, "")}
}

// NamespacedService is the name service has in the keyring under the key
// directory dirName, as Namespaced stores it.
func NamespacedService(dirName, service string) string {
	return "rdash-serve/" + dirName + "/" + service
}

type namespaced struct {
	kr     Keyring
	prefix string
}

func (n namespaced) Get(service, account string) (string, error) {
	return n.kr.Get(n.prefix+service, account)
}

func (n namespaced) Set(service, account, secret string) error {
	return n.kr.Set(n.prefix+service, account, secret)
}

func (n namespaced) Delete(service, account string) error {
	return n.kr.Delete(n.prefix+service, account)
}

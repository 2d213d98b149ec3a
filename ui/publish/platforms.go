package publish

import "rdash/api"

// platformNames is the platform enumeration, offered by tab.
func platformNames() []string { return api.AllPlatforms() }

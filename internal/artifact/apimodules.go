package artifact

import (
	"regexp"
	"slices"
	"strings"
)

// apiGroup is a library that metadata files depend on module by module,
// and that a user installs as one project: Fabric API, or on Quilt the
// Quilted Fabric API, which ships the Quilt Standard Libraries.
type apiGroup struct{ id, name string }

var (
	fabricAPI  = apiGroup{id: "fabric-api", name: "Fabric API"}
	quiltedAPI = apiGroup{id: "quilted_fabric_api", name: "Quilted Fabric API"}
)

// fabricModuleRE matches Fabric API's module ids ("fabric-api-base",
// "fabric-registry-sync-v0") and the whole ("fabric-api", or "fabric",
// its old id that it still provides).
var fabricModuleRE = regexp.MustCompile(`^fabric(-[a-z0-9]+)*-v[0-9]+$|^fabric-api(-[a-z0-9-]+)?$|^fabric$|^fabric-renderer-indigo$`)

// notFabricAPI are mods named like a Fabric API module that are not part
// of it: lucko's permissions API is a mod of its own (spark and
// WorldEdit depend on it).
var notFabricAPI = []string{"fabric-permissions-api-v0"}

// apiGroupOf says which library id is a module of, if any.
func apiGroupOf(id string) (apiGroup, bool) {
	switch {
	case slices.Contains(notFabricAPI, id):
		return apiGroup{}, false
	case fabricModuleRE.MatchString(id):
		return fabricAPI, true
	case id == quiltedAPI.id || id == "qsl" || strings.HasPrefix(id, "quilted_fabric_"),
		strings.HasPrefix(id, "quilt_") && id != "quilt_loader":
		return quiltedAPI, true
	}
	return apiGroup{}, false
}

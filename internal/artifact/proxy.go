package artifact

import (
	"fmt"

	"rdash/api"
)

// proxyNote explains the platform of a proxy plugin: the service's
// platform enumeration has no BungeeCord or Velocity.
const proxyNote = "the service's platforms include no proxy (BungeeCord, Velocity), so a proxy plugin is sent as other"

// readBungee reads bungee.yml, or a BungeeCord plugin's plugin.yml
// (member says which): name, version, depends (required) and softDepends
// (optional). Proxy plugins name no game version.
func readBungee(member string, b []byte) (*meta, error) {
	d, err := parseYAML(member, b)
	if err != nil {
		return nil, err
	}
	what := "a BungeeCord plugin"
	if member == memberPlugin {
		what = "a BungeeCord plugin (it spells its dependencies depends and softDepends, as BungeeCord does, and has no key only Bukkit reads)"
	}
	m := proxyMeta(member, what)
	for _, key := range []string{"name", "version"} {
		v, err := d.text(get(d.root, key), key)
		if err != nil {
			return nil, err
		}
		m.setText(m.textField(key), key, key, v)
	}
	for _, kv := range [...][2]string{{"depends", api.DependencyRequired}, {"softDepends", api.DependencyOptional}} {
		names, err := d.list(get(d.root, kv[0]), kv[0])
		if err != nil {
			return nil, err
		}
		for _, n := range names {
			m.dep(n, kv[1], from(member, kv[0], n), false)
		}
	}
	return m, nil
}

// readVelocity reads velocity-plugin.json: id, name (the id when absent),
// version and dependencies[] with optional.
func readVelocity(b []byte) (*meta, error) {
	root, err := parseJSON(memberVelocity, b)
	if err != nil {
		return nil, err
	}
	m := proxyMeta(memberVelocity, "a Velocity plugin")
	var vals [3]string
	for i, key := range []string{"id", "name", "version"} {
		if vals[i], err = jText(memberVelocity, root.get(key), key); err != nil {
			return nil, err
		}
	}
	if vals[1] == "" {
		m.setText(&m.name, "name", "id", vals[0])
	} else {
		m.setText(&m.name, "name", "name", vals[1])
	}
	m.setText(&m.version, "version", "version", vals[2])
	return m, velocityDeps(m, root.get("dependencies"))
}

func velocityDeps(m *meta, deps *jnode) error {
	if err := jKind(memberVelocity, deps, "dependencies", '['); err != nil || deps == nil {
		return err
	}
	for _, d := range deps.vals {
		if err := jKind(memberVelocity, d, "dependencies[]", '{'); err != nil {
			return err
		}
		id, err := jText(memberVelocity, d.get("id"), "dependencies[].id")
		if err != nil {
			return err
		}
		optional, err := jBool(memberVelocity, d.get("optional"), "dependencies[].optional", false)
		if err != nil {
			return err
		}
		if id == "" {
			return malformed(memberVelocity, d.line, "each dependency needs an id")
		}
		typ := api.DependencyRequired
		if optional {
			typ = api.DependencyOptional
		}
		m.dep(id, typ, fmt.Sprintf("%s: dependencies id %q optional: %t", memberVelocity, id, optional), false)
	}
	return nil
}

// proxyMeta starts the meta of a proxy plugin: platform other, no game
// versions.
func proxyMeta(member, what string) *meta {
	return &meta{
		member:        member,
		platforms:     []string{"other"},
		platformsFrom: fmt.Sprintf("%s: %s; %s", member, what, proxyNote),
		gamesGap:      member + " names no game version (a proxy plugin runs beside any)",
		depsDeclared:  true,
	}
}

// textField picks the name or version field by key.
func (m *meta) textField(key string) *sourced {
	if key == "name" {
		return &m.name
	}
	return &m.version
}

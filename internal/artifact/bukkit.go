package artifact

import (
	"fmt"
	"slices"

	"go.yaml.in/yaml/v3"

	"rdash/api"
)

// bukkitPlatforms are the servers that load a plugin.yml plugin.
var bukkitPlatforms = []string{"bukkit", "spigot", "paper", "purpur"}

// paperPlatforms are the servers that load a paper-plugin.yml plugin:
// Paper and its forks. Purpur always does; Folia only a plugin that says
// folia-supported: true (readCommon adds it then).
var paperPlatforms = []string{"paper", "purpur"}

// readBukkit reads plugin.yml (Bukkit, Spigot, Paper, Purpur) or
// paper-plugin.yml (Paper and Purpur). api-version is the oldest game
// version the plugin supports, so it reads as an open range upwards.
func readBukkit(member string, b []byte) (*meta, error) {
	d, err := parseYAML(member, b)
	if err != nil {
		return nil, err
	}
	if member == memberPlugin && d.bungeeStyle() {
		return readBungee(member, b)
	}
	m := &meta{member: member, depsDeclared: true}
	m.platforms, m.platformsFrom = bukkitPlatforms, member+": a Bukkit plugin (bukkit, spigot, paper, purpur)"
	if member == memberPaperPlugin {
		m.platforms, m.platformsFrom = paperPlatforms, member+": a Paper plugin (paper, and purpur, a fork of Paper that loads them)"
	}
	if err := d.readCommon(m); err != nil {
		return nil, err
	}
	if member == memberPaperPlugin {
		err = d.paperDeps(m)
	} else {
		err = d.bukkitDeps(m)
	}
	return m, err
}

// readCommon reads name, version, api-version and folia-supported.
func (d *yamlDoc) readCommon(m *meta) error {
	var vals [3]string
	for i, key := range []string{"name", "version", "api-version"} {
		v, err := d.text(get(d.root, key), key)
		if err != nil {
			return err
		}
		vals[i] = v
	}
	m.setText(&m.name, "name", "name", vals[0])
	m.setText(&m.version, "version", "version", vals[1])
	d.apiVersion(m, vals[2])
	folia, err := d.flag(get(d.root, "folia-supported"), "folia-supported", false)
	if folia {
		m.platforms = append(append([]string(nil), m.platforms...), "folia")
		m.platformsFrom += "; " + m.member + ": folia-supported: true"
	}
	if vals[2] == "" && m.member == memberPlugin && !d.hasAny(bukkitOnlyKeys) {
		m.notes = append(m.notes, "plugin.yml has no api-version and no other key that only Bukkit reads, and BungeeCord reads plugin.yml too: read as a Bukkit plugin")
	}
	return err
}

// Keys that only one of the servers reading plugin.yml knows. BungeeCord
// reads name, main, version, author, description, libraries, depends and
// softDepends; Bukkit reads the others.
var (
	bungeeOnlyKeys = []string{"depends", "softDepends"}
	bukkitOnlyKeys = []string{"api-version", "depend", "softdepend", "loadbefore", "load", "commands", "permissions",
		"default-permission", "folia-supported", "prefix", "provides", "website", "authors", "awareness"}
)

// bungeeStyle reports whether a plugin.yml is a BungeeCord plugin's: it
// spells its dependencies as BungeeCord does and has no key only Bukkit
// reads (LuckPerms for BungeeCord ships such a plugin.yml).
func (d *yamlDoc) bungeeStyle() bool {
	return d.hasAny(bungeeOnlyKeys) && !d.hasAny(bukkitOnlyKeys)
}

func (d *yamlDoc) hasAny(keys []string) bool {
	return slices.ContainsFunc(keys, func(k string) bool { return get(d.root, k) != nil })
}

func (d *yamlDoc) apiVersion(m *meta, v string) {
	src := from(m.member, "api-version", v)
	gv, ok := parseGameVersion(v)
	switch {
	case v == "":
		m.gamesGap = m.member + " has no api-version, so it names no game version"
	case !ok:
		m.gamesGap = src + " is not a game version"
	default:
		r := gameRange{label: src + " (servers from " + v + " on load it)", intervals: []interval{{lo: &bound{v: gv, incl: true, raw: v}}}}
		m.games = &gameSpec{source: src, rng: &r}
		m.notes = append(m.notes, fmt.Sprintf("%s is the oldest API the plugin is built for: servers from %s on load it, and a server older than 1.13 ignores the key, so the plugin may run on older releases too (not included)", src, v))
	}
}

// bukkitDeps reads depend (required) and softdepend (optional).
func (d *yamlDoc) bukkitDeps(m *meta) error {
	for _, kv := range [...][2]string{{"depend", api.DependencyRequired}, {"softdepend", api.DependencyOptional}} {
		names, err := d.list(get(d.root, kv[0]), kv[0])
		if err != nil {
			return err
		}
		for _, n := range names {
			m.dep(n, kv[1], from(m.member, kv[0], n), false)
		}
	}
	return nil
}

// paperDeps reads dependencies.server: each plugin with `required`
// (true unless it says false). Paper's first format, a list of
// {name, required}, is read too. Bootstrap dependencies are for the
// bootstrapper, not the running plugin, and are left out.
func (d *yamlDoc) paperDeps(m *meta) error {
	deps := get(d.root, "dependencies")
	if deps != nil && deps.Kind == yaml.SequenceNode {
		return d.paperDepList(m, deps)
	}
	server, err := d.entries(get(deps, "server"), "dependencies.server")
	if err != nil {
		return err
	}
	for _, kv := range server {
		if kv[0].Kind != yaml.ScalarNode {
			return malformed(m.member, kv[0].Line, "dependencies.server must map plugin names to settings")
		}
		if err := d.paperDep(m, kv[0].Value, kv[1], "dependencies.server"); err != nil {
			return err
		}
	}
	return nil
}

func (d *yamlDoc) paperDepList(m *meta, list *yaml.Node) error {
	for _, item := range list.Content {
		name, err := d.text(get(deref(item), "name"), "dependencies[].name")
		if err != nil {
			return err
		}
		if name == "" {
			return malformed(m.member, item.Line, "each dependency needs a name")
		}
		if err := d.paperDep(m, name, deref(item), "dependencies"); err != nil {
			return err
		}
	}
	return nil
}

func (d *yamlDoc) paperDep(m *meta, name string, settings *yaml.Node, key string) error {
	required, err := d.flag(get(settings, "required"), key+".required", true)
	if err != nil {
		return err
	}
	typ := api.DependencyOptional
	if required {
		typ = api.DependencyRequired
	}
	m.dep(name, typ, fmt.Sprintf("%s: %s %q required: %t", m.member, key, name, required), false)
	return nil
}

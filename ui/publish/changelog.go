package publish

import "rdash/ui/common"

// changelogWords are the changelog editor's: a new version's may stay
// empty.
var changelogWords = common.ChangelogWords{
	Placeholder: "The changelog, in Markdown; it may stay empty.",
	Empty:       "(empty: no changelog)",
	Cache:       "publish-changelog",
}

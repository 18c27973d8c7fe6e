#!/usr/bin/env bash
# scripts/docs-site's links: each stage file a tutorial shows is a symbolic link in its catalog's
# Resources, to the stage's own file, and each stage's landing page names its tutorials by title.
# --sync makes the links again, and every run checks them and the pages before docc is started.
# Sourced by scripts/docs-site, which sets $tutorial, $tutorials and $modules; not run alone.
#
# Written for bash 3.2 and the BSD tools as well as GNU's.

# The stage files a catalog's tutorials show, by resource name: stage3-APIError.swift is
# Sources/Stage3…/APIError.swift. Every `file:` and `previousFile:` of every @Code is one.
# The catalog is $catalog, and its Resources $resources: each function runs once per edition.
referenced() {
    grep -rhoE '(file|previousFile): *"stage[0-9]+-[A-Za-z0-9+]+\.swift"' "$catalog" --include='*.tutorial' |
        sed -E 's/.*"(.*)"/\1/' | sort -u
}

# What a resource's link holds, from Resources: its stage's folder and its file name
# (../../../Stage3Result/APIError.swift); nothing when Sources/ has no stage of that number.
link_of() {
    local name=$1 number file folder
    number=${name#stage}
    number=${number%%-*}
    file=${name#stage*-}
    for folder in Sources/Stage"$number"[!0-9]*/; do
        [ -d "$folder" ] && printf '../../../%s%s\n' "${folder#Sources/}" "$file"
        return 0
    done
}

sync_resources() {
    local name link path
    mkdir -p "$resources"
    for name in $(referenced); do
        link=$(link_of "$name")
        [ -n "$link" ] || continue # check_resources names it
        rm -f "$resources/$name"
        ln -s "$link" "$resources/$name"
    done
    # A link no tutorial shows any more goes too.
    for path in "$resources"/stage*.swift; do
        [ -e "$path" ] || [ -L "$path" ] || continue
        name=$(basename "$path")
        referenced | grep -qxF "$name" || rm "$path"
    done
    echo "docs-site: $(referenced | wc -l | tr -d ' ') stage files linked into $resources"
}

# Each resource must be a link to its stage's file, and that file must exist: a missing, copied,
# misdirected, broken or unused one is named.
check_resources() {
    local problems=0 name link path
    if [ -z "$(referenced 2>/dev/null)" ]; then
        echo "docs-site: no tutorial in $catalog shows a stage file (is that the tutorial's catalog?)" >&2
        return 1
    fi
    for name in $(referenced); do
        link=$(link_of "$name")
        path=$resources/$name
        if [ -z "$link" ]; then
            echo "  $path: the tutorials show a stage that Sources/ does not have" >&2
        elif [ ! -f "$resources/$link" ]; then
            echo "  $path: the tutorials show Sources/${link#../../../}, which does not exist" >&2
        elif [ ! -L "$path" ] && [ -e "$path" ]; then
            echo "  $path is a file, not a link to $link" >&2
        elif [ ! -L "$path" ]; then
            echo "  $path is missing (a link to $link)" >&2
        elif [ "$(readlink "$path")" != "$link" ]; then
            echo "  $path links to $(readlink "$path"), not to $link" >&2
        else
            continue
        fi
        problems=$((problems + 1))
    done
    for path in "$resources"/stage*.swift; do
        [ -e "$path" ] || [ -L "$path" ] || continue
        name=$(basename "$path")
        if ! referenced | grep -qxF "$name"; then
            echo "  $path: no tutorial shows it" >&2
            problems=$((problems + 1))
        fi
    done
    if [ "$problems" -gt 0 ]; then
        echo "docs-site: $problems tutorial resource(s) are not links to the stage files the tutorials show." >&2
        echo "  Update the tutorials if the step changed, then run scripts/docs-site --sync." >&2
        return 1
    fi
    echo "docs-site: the $(referenced | wc -l | tr -d ' ') stage files the tutorials in $catalog show are linked, each to its stage's file"
}

# A tutorial's title, as its @Intro gives it: stage-2-endpoint-enums.tutorial's is Endpoint enums.
title_of() {
    sed -n 's/^ *@Intro(title: "\(.*\)").*/\1/p' "$1" | head -n 1
}

# Each tutorial of the English edition, as its title, a tab and its name: one line each.
tutorial_titles() {
    local file
    for file in "Sources/$tutorial/Documentation.docc/Tutorials"/stage-*.tutorial; do
        if [ -e "$file" ]; then printf '%s\t%s\n' "$(title_of "$file")" "$(basename "$file" .tutorial)"; fi
    done
}

# Each stage's landing page names, as *Title* on one line, the tutorial of the step to its stage
# and the one of the step from it: the site links them, and a learner in Xcode reads them.
check_stage_pages() {
    local problems=0 module number page step file title
    for module in "${modules[@]}"; do
        case $module in Stage*) ;; *) continue ;; esac
        number=${module#Stage}
        number=${number%%[!0-9]*}
        page=Sources/$module/Documentation.docc/$module.md
        for step in "$number" $((number + 1)); do
            for file in "Sources/$tutorial/Documentation.docc/Tutorials"/stage-"$step"-*.tutorial; do
                [ -e "$file" ] || continue
                title=$(title_of "$file")
                grep -qF "*$title*" "$page" && continue
                echo "  $page does not name the tutorial $(basename "$file" .tutorial) as *$title*, on one line" >&2
                problems=$((problems + 1))
            done
        done
        if grep -n 'doc:/*tutorials/' "$page" >&2; then
            echo "  $page links into a tutorial (above): a stage built alone, as Xcode builds it, cannot" >&2
            echo "    resolve that link; name the tutorial as *its title* instead" >&2
            problems=$((problems + 1))
        fi
    done
    if [ "$problems" -gt 0 ]; then
        echo "docs-site: $problems problem(s) in the stage pages (above): each names its tutorials by title, as" >&2
        echo "  *Endpoint enums*, which the site makes a link and Xcode shows as words." >&2
        return 1
    fi
    echo "docs-site: each stage's page names its tutorials by their titles in $tutorial"
}

# Each edition's catalog, one after the other.
each_catalog() {
    local status=0 module
    for module in "${tutorials[@]}"; do
        catalog=Sources/$module/Documentation.docc
        resources=$catalog/Resources
        "$@" || status=1
    done
    return $status
}

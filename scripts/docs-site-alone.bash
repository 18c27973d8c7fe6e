#!/usr/bin/env bash
# scripts/docs-site's docc, the modules' symbol graphs, and each catalog converted alone, as
# Xcode's Build Documentation and the Swift Package Index convert it (--each stops after that).
# Sourced by scripts/docs-site, which sets $out, $log, $modules, $tutorials and $committed (when
# it builds a copy of HEAD); not run alone.
#
# Written for bash 3.2 and the BSD tools as well as GNU's.

find_docc() {
    if [ -n "${DOCC:-}" ]; then
        echo "$DOCC"
    elif command -v docc >/dev/null 2>&1; then
        command -v docc
    elif command -v xcrun >/dev/null 2>&1 && xcrun --find docc >/dev/null 2>&1; then
        xcrun --find docc
    else
        local swift
        swift=$(command -v swift) || return 1
        swift=$(readlink -f "$swift" 2>/dev/null || echo "$swift")
        [ -x "$(dirname "$swift")/docc" ] || return 1
        echo "$(dirname "$swift")/docc"
    fi
}

# 1. Symbol graphs. Harness depends on every stage and on Models, so one build compiles those
# seven; the tutorials' modules, which nothing depends on, are built beside them.
# A copy of HEAD builds in a scratch folder of its own: one package per build folder.
symbol_graphs() {
    local module graph
    scratch="$out/scratch"
    [ -n "${committed:-}" ] && scratch="$out/scratch-committed"
    echo "docs-site: symbol graphs (swift build --target Harness, then ${tutorials[*]}, -emit-symbol-graph, into $scratch)"
    # The compiler writes a module's graph when it compiles the module, so the folder is kept: after
    # an incremental build that compiled nothing, the graphs there are still current.
    mkdir -p "$out/symbol-graphs"
    build_graphs
    for module in "${modules[@]}"; do
        if [ ! -f "$out/symbol-graphs/$module.symbols.json" ]; then
            # A graph removed by hand is written again only by compiling its module again.
            echo "docs-site: no symbol graph for $module; building again from clean"
            rm -rf "$scratch"
            build_graphs
            break
        fi
    done

    # Each module's own graphs, in a folder of its own: its graph, and the ones for what it extends
    # (Models@Swift); never another module's extensions of it (Harness@Stage1Hardcoded).
    rm -rf "$out/module-graphs"
    for module in "${modules[@]}"; do
        mkdir -p "$out/module-graphs/$module"
        for graph in "$out/symbol-graphs/$module.symbols.json" "$out/symbol-graphs/$module"@*.symbols.json; do
            if [ -e "$graph" ]; then cp "$graph" "$out/module-graphs/$module/"; fi
        done
    done
}

build_graphs() {
    local target
    for target in Harness "${tutorials[@]}"; do
        swift build --scratch-path "$scratch" --target "$target" \
            -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$out/symbol-graphs" \
            -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public >>"$log" 2>&1 || {
            tail -30 "$log" >&2
            echo "docs-site: the build failed (the whole log: $log)" >&2
            exit 1
        }
    done
}

# 2. Each catalog alone, as Xcode's Build Documentation and the Swift Package Index build it: the
# module's graphs, no other module's archive, none of the site's options. A warning here is a dead
# link or a lost page in the learner's Xcode.
convert_alone() {
    local module convert_log count alone_warned=0 counts=""
    rm -rf "$out/alone"
    mkdir -p "$out/alone"
    for module in "${modules[@]}"; do
        convert_log="$out/alone/docc-$module.log"
        if ! "$docc" convert "Sources/$module/Documentation.docc" \
            --additional-symbol-graph-dir "$out/module-graphs/$module" \
            --output-path "$out/alone/$module.doccarchive" \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" >"$convert_log" 2>&1; then
            cat "$convert_log" >&2
            echo "docs-site: docc could not convert Sources/$module/Documentation.docc alone" >&2
            exit 1
        fi
        count=$(grep -cE '(^|[[:space:]])(warning|error):' "$convert_log" || true)
        counts="$counts $module $count,"
        if [ "$count" -gt 0 ]; then
            echo "docs-site: Sources/$module/Documentation.docc, built alone, has $count docc warning(s):" >&2
            sed 's/^/    /' "$convert_log" >&2
            alone_warned=$((alone_warned + 1))
        fi
    done
    echo "docs-site: warnings of each catalog built alone:${counts%,}"
    if [ "$alone_warned" -gt 0 ]; then
        echo "docs-site: $alone_warned catalog(s) warn when built alone (above), as Xcode's Build Documentation" >&2
        echo "  and the Swift Package Index build them; each catalog keeps zero warnings on its own." >&2
        exit 1
    fi
}

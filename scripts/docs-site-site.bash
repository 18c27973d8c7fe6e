#!/usr/bin/env bash
# scripts/docs-site's site: each catalog converted again with the site's options (a stage's from
# a copy whose tutorial titles are links), the archives merged into one site, and its front page.
# Sourced by scripts/docs-site, which sets $out, $log, $modules, $tutorial, $tutorials, $docc,
# $start and $base_path; not run alone.
#
# Written for bash 3.2 and the BSD tools as well as GNU's.

# The site's copy of stage catalog $1, in which each *Title* of a tutorial is a link to it.
overlay() {
    local module=$1 copy=$out/overlay/$1/Documentation.docc page
    rm -rf "$copy"
    mkdir -p "$(dirname "$copy")"
    cp -R "Sources/$module/Documentation.docc" "$copy"
    tutorial_titles >"$out/overlay/titles.tsv"
    for page in "$copy"/*.md; do
        awk -F '\t' -v module="$tutorial" '
            NR == FNR { n++; from[n] = "*" $1 "*"; to[n] = "[" $1 "](doc:/tutorials/" module "/" $2 ")"; next }
            {
                line = $0
                for (i = 1; i <= n; i++) {
                    linked = ""
                    while ((at = index(line, from[i])) > 0) {
                        linked = linked substr(line, 1, at - 1) to[i]
                        line = substr(line, at + length(from[i]))
                    }
                    line = linked line
                }
                print line
            }' "$out/overlay/titles.tsv" "$page" >"$page.linked"
        mv "$page.linked" "$page"
    done
    echo "$copy"
}

# 3. The site: one archive per module, the tutorials' and Models first: each stage's landing page
# links its tutorials in the English edition, and the stages depend on Models.
convert_site() {
    local module source_catalog convert_log warnings=0 hosting=() dependency=()
    rm -rf "$out/archives" "$out/site" "$out/overlay"
    mkdir -p "$out/archives"
    [ -n "$base_path" ] && hosting=(--hosting-base-path "$base_path")
    for module in "${modules[@]}"; do
        dependency=()
        source_catalog=Sources/$module/Documentation.docc
        case $module in
        Stage*)
            dependency=(--dependency "$out/archives/$tutorial.doccarchive" --dependency "$out/archives/Models.doccarchive")
            source_catalog=$(overlay "$module")
            ;;
        esac
        echo "docs-site: docc convert $source_catalog"
        convert_log="$out/docc-$module.log"
        if ! "$docc" convert "$source_catalog" \
            --additional-symbol-graph-dir "$out/module-graphs/$module" \
            --output-path "$out/archives/$module.doccarchive" \
            --transform-for-static-hosting ${hosting[@]+"${hosting[@]}"} \
            --enable-experimental-external-link-support ${dependency[@]+"${dependency[@]}"} \
            --fallback-display-name "$module" --fallback-bundle-identifier "$module" >"$convert_log" 2>&1; then
            cat "$convert_log" >&2
            echo "docs-site: docc could not convert $module" >&2
            exit 1
        fi
        cat "$convert_log" >>"$log"
        if grep -qE '(^|[[:space:]])(warning|error):' "$convert_log"; then
            cat "$convert_log" >&2
            warnings=$((warnings + 1))
        fi
    done
    if [ "$warnings" -gt 0 ]; then
        echo "docs-site: docc warned about $warnings catalog(s) (above); the site keeps zero warnings." >&2
        exit 1
    fi
}

# The site's path under its host, /P without a trailing slash, or nothing when served at /.
site_prefix() {
    local prefix=${base_path#/}
    prefix=${prefix%/}
    [ -n "$prefix" ] && prefix="/$prefix"
    echo "$prefix"
}

# 4. One site.
merge_site() {
    local module archives=() prefix
    echo "docs-site: docc merge (${#modules[@]} archives)"
    for module in "${modules[@]}"; do archives+=("$out/archives/$module.doccarchive"); done
    if ! "$docc" merge "${archives[@]}" --output-path "$out/site" \
        --synthesized-landing-page-name "NetworkLayerWorkbook" \
        --synthesized-landing-page-kind Package >>"$log" 2>&1; then
        tail -30 "$log" >&2
        echo "docs-site: docc merge failed (the whole log: $log)" >&2
        exit 1
    fi
    if grep -qE '(^|[[:space:]])(warning|error):' "$log"; then
        grep -E '(^|[[:space:]])(warning|error):' "$log" >&2
        echo "docs-site: docc warned (above); the site keeps zero warnings." >&2
        exit 1
    fi
    # The renderer asks every page for its theme; without one, each page logs a 404.
    echo '{}' >"$out/site/theme-settings.json"
    prefix=$(site_prefix)
    # The site's root has no page of DocC's ("can't be found"): it leads to the tutorials.
    cat >"$out/site/index.html" <<EOF
<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>NetworkLayerWorkbook</title>
<meta http-equiv="refresh" content="0; url=$prefix/tutorials/networklayerworkbook/"></head>
<body><p><a href="$prefix/tutorials/networklayerworkbook/">The tutorials</a> ·
<a href="$prefix/tutorials/networklayerworkbookkorean/" lang="ko">한국어 튜토리얼</a> ·
<a href="$prefix/documentation/">The reference</a></p></body></html>
EOF
}

say_how_to_open() {
    local pages serve prefix
    prefix=$(site_prefix)
    pages=$(find "$out/site" -name index.html | wc -l | tr -d ' ')
    echo
    echo "docs-site: built in $(($(date +%s) - start)) s, with no docc warning: $out/site ($pages pages)"
    serve="$out/site"
    if [ -n "$prefix" ]; then
        # Built for a site under $prefix/: served from a folder in which $prefix is the site.
        serve="$out/serve"
        rm -rf "$serve"
        mkdir -p "$serve$(dirname "$prefix")"
        ln -s "$out/site" "$serve$prefix"
        echo "  It is built to be served under $prefix/; $serve$prefix is the site, for a look here."
    fi
    echo "  Open it:   python3 -m http.server 8000 --directory $serve"
    echo "  then       http://localhost:8000$prefix/tutorials/networklayerworkbook/   (the tutorials)"
    echo "             http://localhost:8000$prefix/tutorials/networklayerworkbookkorean/   (in Korean)"
    echo "             http://localhost:8000$prefix/documentation/                    (the references)"
    echo "  In Xcode:  open Package.swift, choose the scheme $tutorial (${tutorials[1]} for the"
    echo "             Korean), then Product > Build Documentation."
}

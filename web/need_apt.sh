# need_apt COMMAND PACKAGE ...: installs the Debian packages whose command is missing (sourced by
# build.sh for chromium and by web/build.sh for emscripten and node).
need_apt() {
    local missing=()
    while [ $# -gt 0 ]; do command -v "$1" >/dev/null 2>&1 || missing+=("$2"); shift 2; done
    [ ${#missing[@]} -eq 0 ] && return
    echo "== apt-get install ${missing[*]}"
    local sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
}

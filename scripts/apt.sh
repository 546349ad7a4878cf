# Sourced by the install-*.sh scripts: install Debian packages with apt-get where this user may.
#
#   apt_install SCRIPT "WHAT SKIPS" PACKAGE...
#
# Root, or passwordless sudo: `apt-get update`, then `apt-get install` of the packages (waiting for
# another apt run's lock rather than failing; RUNLEVEL=1 keeps a package from starting a daemon
# where invoke-rc.d honours it). Sets SUDO for the caller's own follow-up commands. Neither: says
# which tests will skip and returns 1.

apt_install() {
  local script=$1 skips=$2
  shift 2
  if [ "$(id -u)" -eq 0 ]; then
    SUDO=""
  elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO="sudo -n"
  else
    echo "$script: $1 is missing and this user cannot run apt-get (not root, no sudo); $skips" >&2
    return 1
  fi
  local apt=(-o DPkg::Lock::Timeout=600 -qq)
  echo "$script: installing Debian's $* with apt-get" >&2
  $SUDO env DEBIAN_FRONTEND=noninteractive apt-get "${apt[@]}" update
  $SUDO env DEBIAN_FRONTEND=noninteractive RUNLEVEL=1 apt-get "${apt[@]}" install -y \
    --no-install-recommends "$@" >/dev/null
}

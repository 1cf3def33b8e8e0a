#!/usr/bin/env bash
# Proves the Docker deployment end to end: builds the images, starts deploy/docker-compose.yml,
# waits for /api/health, checks what a person and the shell would do through nginx, prints
# PASS/FAIL per check, then removes the stack and its volumes. Exit code 0 only if all pass.
# A separate compose project (masar-verify) so a running `-p masar` stack and its data stay
# untouched; port 8080 must be free. KEEP=1 leaves the stack running.
# Base images: the official ones, unless MASAR_*_IMAGE say otherwise, e.g. on a host without
# Docker Hub: source <(deploy/docker/offline-base-images.sh --env); deploy/docker/verify-stack.sh
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
base="http://localhost:${MASAR_HTTP_PORT:-8080}"
if docker compose version >/dev/null 2>&1; then compose=(docker compose); else compose=(docker-compose); fi
compose+=(-p "${MASAR_VERIFY_PROJECT:-masar-verify}" -f deploy/docker-compose.yml)
work="$(mktemp -d)"
# The compose file has no fallback session secret: a throwaway one for this run.
export SESSION_SECRET="${SESSION_SECRET:-$(head -c 48 /dev/urandom | base64 | tr -d '\n')}"
# The same for NATS: one password per process (letters and digits, starting with a letter).
for user in GATEWAY IDENTITY JOBS COURSES AI PROGRESS; do
  var="MASAR_NATS_${user}_PASSWORD"
  [ -n "${!var:-}" ] || export "$var=p$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')"
done
# The checks sign in as the demo learner, which a production stack only has when asked for.
export SEED_DEMO_LEARNER=true
failed=0

teardown() {
  if [ "$failed" -ne 0 ]; then "${compose[@]}" logs --tail=20 2>&1 | tail -80; fi
  if [ -n "${KEEP:-}" ]; then echo "KEEP=1: left running; ${compose[*]} down -v removes it"; else
    echo "==> ${compose[*]} down -v"; "${compose[@]}" down -v --remove-orphans >/dev/null 2>&1; fi
  rm -rf "$work"
}
trap teardown EXIT

check() {  # check NAME COMMAND...: runs the command, prints PASS or FAIL with its output
  local name="$1"; shift
  if out="$("$@" 2>&1)"; then echo "PASS  $name${out:+  ($out)}"; else echo "FAIL  $name  ($out)"; failed=1; fi
}

echo "==> ${compose[*]} build  (node: ${MASAR_NODE_IMAGE:-node:20-bookworm-slim}, nginx: ${MASAR_NGINX_IMAGE:-nginx:1.27-alpine})"
start=$(date +%s)
if ! "${compose[@]}" build >"$work/build.log" 2>&1; then tail -40 "$work/build.log"; failed=1; exit 1; fi
echo "    built in $(( $(date +%s) - start )) s"
docker image ls --format '    {{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E 'masar/(svc-[a-z]+|web):local'

echo "==> ${compose[*]} up -d"
"${compose[@]}" up -d 2>&1 | sed 's/^/    /'

echo "==> waiting for $base/api/health (at most 180 s)"
for _ in $(seq 1 90); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "$base/api/health")" = 200 ] && break
  sleep 2
done

shell_page() {
  curl -sf "$base/" -o "$work/index.html" && grep -q '<title>Masar</title>' "$work/index.html" \
    && curl -sf -o /dev/null "$base/some/client/route" \
    && curl -sf "$base/app-config.json" -o "$work/app-config.json" \
    && for remote in mf_courses mf_jobroles mf_progress mf_agents; do
         # The manifest of the version the gateway names (/remotes/<name>/<version>/mf-manifest.json).
         local manifest
         manifest="$(node -e "const u=require(process.argv[1]).remotes[process.argv[2]]; if(!u) process.exit(1); console.log(new URL(u, process.argv[3]).href)" "$work/app-config.json" "$remote" "$base/")" \
           && curl -sf -o /dev/null "$manifest" || { echo "no $remote manifest"; return 1; }
       done \
    && echo "/, a client route, /app-config.json and the 4 remote manifests it names"
}
health() {
  local body; body="$(curl -s -w ' HTTP %{http_code}' "$base/api/health")"
  echo "$body"; [[ "$body" == *'"status":"up"'*' HTTP 200' && "$body" != *'"down"'* ]]
}
# As the shell does it: a browser POST carries Origin, which the gateway's cross-site check
# compares with the Host nginx forwards.
demo_login() {
  local code; code="$(curl -s -o "$work/login.json" -w '%{http_code}' -c "$work/cookies" -X POST \
    -H "Origin: $base" -H 'Content-Type: application/json' "$base/api/auth/demo-login")"
  echo "HTTP $code, cookie: $(sed -n 's/^#HttpOnly_//; /^[^#]/ s/.*\t\([^\t]*\)\t[^\t]*$/\1/p' "$work/cookies" | tr '\n' ' ')"
  [ "$code" = 200 ] && grep -q 'masar.sid' "$work/cookies"
}
current_user() {
  local body; body="$(curl -s -w ' HTTP %{http_code}' -b "$work/cookies" "$base/api/auth/user")"
  echo "${body:0:160}"; [[ "$body" == *'"username":"demo"'*' HTTP 200' ]]
}

check "shell served by nginx" shell_page
check "GET /api/health: every service up" health
check "POST /api/auth/demo-login sets the session cookie" demo_login
check "GET /api/auth/user with that cookie" current_user
[ "$failed" -eq 0 ] && echo "ALL PASS" || echo "SOME CHECKS FAILED"
exit "$failed"

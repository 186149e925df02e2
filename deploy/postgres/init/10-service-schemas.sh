#!/usr/bin/env bash
# Runs once, when the PostgreSQL data volume is new (docker-entrypoint-initdb.d), as the
# superuser against POSTGRES_DB. For each service: a login role `mia_<service>` whose password
# comes from <SERVICE>_DB_PASSWORD, and a schema `<service>` owned by that role. A role owns
# only its own schema and gets no rights on the others', so no service can read another's data.
set -euo pipefail

# MIA_SERVICES: for the test that runs this script against a scratch database.
SERVICES="${MIA_SERVICES:-identity billing access support}"

psql_admin() {
  psql -v ON_ERROR_STOP=1 --no-psqlrc --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" "$@"
}

# Nobody connects or creates anything unless granted below.
psql_admin <<'SQL'
REVOKE ALL ON DATABASE :"DBNAME" FROM PUBLIC;
REVOKE ALL ON SCHEMA public FROM PUBLIC;
SQL

for service in $SERVICES; do
  password_var="${service^^}_DB_PASSWORD"
  password="${!password_var:-}"
  if [ -z "$password" ]; then
    echo "init: ${password_var} is not set" >&2
    exit 1
  fi
  psql_admin -v role="mia_${service}" -v schema="$service" -v password="$password" <<'SQL'
CREATE ROLE :"role" LOGIN PASSWORD :'password';
GRANT CONNECT ON DATABASE :"DBNAME" TO :"role";
CREATE SCHEMA :"schema" AUTHORIZATION :"role";
ALTER ROLE :"role" SET search_path = :"schema";
SQL
  echo "init: role mia_${service} owns schema ${service}"
done

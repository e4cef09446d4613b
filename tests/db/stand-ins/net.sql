-- A stand-in for pg_net: net.http_post and net.http_get with pg_net's signatures queue the request, and
-- net._http_response has pg_net's columns, where the answers land. Nothing is sent: a test
-- reads the queue, and writes an answer to say what the Edge Function replied
-- (tests/pg/net-worker.ts plays pg_net's background worker on the real server). The queue's
-- body is jsonb here (bytea in pg_net), so tests read it as JSON. The API roles get no access
-- to the schema, as on Supabase.
create schema net;
create table net.http_request_queue (
  id bigserial primary key, method text not null default 'POST', url text, body jsonb, params jsonb, headers jsonb, timeout_milliseconds integer
);
create table net._http_response (
  id bigint,
  status_code integer,
  content_type text,
  headers jsonb,
  content text,
  timed_out boolean,
  error_msg text,
  created timestamptz not null default now()
);
create function net.http_post(
  url text, body jsonb default '{}', params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds integer default 5000
) returns bigint language sql as $$
  insert into net.http_request_queue (url, body, params, headers, timeout_milliseconds) values ($1, $2, $3, $4, $5) returning id
$$;
create function net.http_get(
  url text, params jsonb default '{}', headers jsonb default '{}', timeout_milliseconds integer default 5000
) returns bigint language sql as $$
  insert into net.http_request_queue (method, url, params, headers, timeout_milliseconds) values ('GET', $1, $2, $3, $4) returning id
$$;
revoke all on schema net from public;

-- The write limits as data, and where the client's address comes from.
--
-- The guard (40_form_insert.sql) reads private.form_limits on every insert, so an operator
-- changes a limit with one UPDATE, no migration (supabase/README.md, "Write limits"):
--
--   per_address               3 rows per e-mail address and table in 10 minutes      refused (429)
--   per_client               20 rows per client address (IPv6 /64), both tables        refused
--   per_client_day           50 rows a day per client address                          refused
--   per_prefix               30 rows per network (IPv4 /24, IPv6 /48) in 10 minutes    held
--   per_table                60 rows per table in 10 minutes, from everyone together:  held
--                            the ceiling that holds when every other key is forged
--   notifications            10 messages to the team in 10 minutes (31_delivery_notify.sql)
--   notifications_per_client  3 of them per client address
--   held_per_day          5,000 held rows a day; from 80% networks over prefix_share are refused
--   prefix_share            500 rows a day per network, counted once a budget is 80% used
--   storage_mb              300 MB of live data (23_storage_budget.sql)
--
-- The client address is read from one request header, and one entry of it, named in
-- private.form_client_source (one row). The default is the header the platform sets and the
-- client cannot (cf-connecting-ip on hosted Supabase; see supabase/README.md), not the first
-- entry of X-Forwarded-For, which the sender writes.

create table private.form_limits (
  name text primary key check (name in (
    'per_address', 'per_client', 'per_client_day', 'per_prefix', 'per_table',
    'notifications', 'notifications_per_client', 'held_per_day', 'prefix_share', 'storage_mb')),
  max_rows integer not null check (max_rows between 0 and 10000),
  window_length interval not null check (window_length > interval '0' and window_length <= interval '1 day'),
  description text not null
);

comment on table private.form_limits is
  'Write limits of the form tables and the notification ceiling; change max_rows or window_length with an UPDATE (supabase/README.md).';

insert into private.form_limits (name, max_rows, window_length, description) values
  ('per_address', 3, interval '10 minutes', 'rows per e-mail address (trimmed, case-insensitive) and table'),
  ('per_client', 20, interval '10 minutes', 'rows per client address (IPv6 per /64), both tables together'),
  ('per_client_day', 50, interval '1 day', 'rows per client address (IPv6 per /64) a day, both tables together; beyond it the client is refused'),
  ('per_prefix', 30, interval '10 minutes', 'rows per network (IPv4 /24, IPv6 /48), both tables; beyond it rows are held, not refused'),
  ('per_table', 60, interval '10 minutes', 'rows per table from everyone together; beyond it rows are held, not refused'),
  ('notifications', 10, interval '10 minutes', 'messages to the team from all senders together; the rest are counted in the window''s summary'),
  ('notifications_per_client', 3, interval '10 minutes', 'messages to the team per client address (IPv6 per /64) in the notifications window'),
  ('held_per_day', 5000, interval '1 day', 'held rows a day, both tables; from 80% networks over prefix_share are refused, at 100% every row that would be held'),
  ('prefix_share', 500, interval '1 day', 'rows a network (/24, /48) may store in a day once storage_mb or held_per_day is 80% used; beyond it refused'),
  ('storage_mb', 300, interval '1 day', 'megabytes (max_rows) the forms'' live rows and bookkeeping may take (private.form_storage); from 80% networks over prefix_share are refused, at 100% every row');

-- Which request header carries the client's address, and which entry of it
-- (1 the first, 2 the second, -1 the last, -2 the one before it …).
create table private.form_client_source (
  only_row boolean primary key default true check (only_row),
  header text not null check (header ~ '^[a-z0-9-]+$'),
  entry integer not null check (entry <> 0)
);

comment on table private.form_client_source is
  'The request header (lower-case) and entry the per_client limit reads the client address from; one row (supabase/README.md).';

insert into private.form_client_source (header, entry) values ('cf-connecting-ip', -1);

alter table private.form_limits enable row level security;
alter table private.form_client_source enable row level security;

revoke all on table private.form_limits, private.form_client_source from public, anon, authenticated;
grant select, update on table private.form_limits, private.form_client_source to service_role;

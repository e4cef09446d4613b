-- A stand-in for Supabase Vault: the view the migrations read secrets from, as a table a test
-- fills. The API roles get no access to the schema, as on Supabase.
create schema vault;
create table vault.decrypted_secrets (name text primary key, decrypted_secret text not null);
revoke all on schema vault from public;

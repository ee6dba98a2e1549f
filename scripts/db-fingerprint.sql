-- One line per table of the public schema: its name, row count and a digest of its rows.
select format($q$select %L as tbl, count(*) as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from %I.%I t$q$, table_name, table_schema, table_name)
from information_schema.tables
where table_schema = 'public' and table_type = 'BASE TABLE'
order by table_name
\gexec

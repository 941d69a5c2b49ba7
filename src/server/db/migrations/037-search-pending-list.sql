-- A new lead's words go to the trigram index's pending list, a short append, rather than into the index tree at once;
-- the list is merged when it reaches 256 kB, by PostgreSQL's autovacuum and the server's hourly vacuum of PGlite, or
-- by the insert that fills it. A search reads the list beside the tree: a few hundred leads at most.
alter index submissions_search set (fastupdate = on, gin_pending_list_limit = 256);

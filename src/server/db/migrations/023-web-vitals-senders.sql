-- One address weighs at most one sample per page, vital and hour in the dashboard's percentiles: each report carries a
-- hash of its sender's address under a key of the hour (settings 'web_vitals_sender_key:<hour>', forgotten after the
-- hour), never the address. Reports kept before this change named any page and value a sender chose and cannot be
-- told apart by sender: they are dropped, and the dashboard's window fills again with reports checked on arrival.
delete from web_vitals;

alter table web_vitals
  add column sender text not null,
  add column hour timestamptz not null;

create unique index web_vitals_one_per_sender on web_vitals (page, metric, hour, sender);

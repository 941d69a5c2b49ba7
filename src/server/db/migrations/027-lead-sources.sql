-- Where each lead came from. attribution is what the visitor's browser kept of its first and latest visits from a
-- campaign or another site ({ first, last }: utm_source, utm_medium, utm_campaign, utm_term, utm_content, the click
-- ids present, referrer host, landing page, first-seen time), null when it sent none. source is the lead's source in
-- one word for filters, facets, charts and the CSV: what staff set for a lead that came offline (walk-in, job fair,
-- referral, phone), else the first visit's utm_source, else the host of the site that sent it, else direct. Leads
-- stored before have neither.
alter table submissions
  add column attribution jsonb,
  add column source text;

-- A job request's city is the one its location names ("Surat, Gujarat" is Surat), so the city's franchise sees it:
-- requests stored before had none.
update submissions
   set city = nullif(left(regexp_replace(trim(split_part(data->>'location', ',', 1)), '\s+', ' ', 'g'), 80), '')
 where collection = 'JobRequests' and city is null and data ? 'location';

import { MAINTENANCE_CALL_TIMEOUT_MS, type Database } from '../../src/server/db/database';

const FIRST = `Aarav Aditi Akash Ananya Arjun Asha Bharat Chitra Deepak Divya Farhan Gauri Harish Isha Jaya Karan Kavya Lakshmi
Manoj Meera Mohan Nandini Neha Nikhil Pooja Pradeep Priya Rahul Rajesh Ravi Rekha Rohan Sahil Sanjay Sara Shreya Sneha
Suresh Tanvi Uday Usha Varun Vidya Vikram Yash Zoya Imran Fatima Joseph Mary`.split(/\s+/);

const LAST = `Sharma Verma Patel Rao Reddy Iyer Nair Menon Gupta Singh Kumar Das Bose Ghosh Mehta Shah Joshi Kulkarni Desai
Pillai Naidu Chopra Kapoor Malhotra Banerjee Mukherjee Chatterjee Sinha Mishra Pandey Tiwari Yadav Jain Agarwal Bansal
Goyal Saxena Srivastava Khan Shaikh Qureshi Fernandes DSouza Gomes Thomas Mathew George Varghese Kaur Gill`.split(/\s+/);

export const SEED_CITIES = `Surat Pune Mumbai Delhi Chennai Kolkata Hyderabad Bengaluru Ahmedabad Jaipur Lucknow Kanpur Nagpur Indore
Thane Bhopal Visakhapatnam Patna Vadodara Ghaziabad Ludhiana Agra Nashik Faridabad Meerut Rajkot Varanasi Srinagar
Aurangabad Dhanbad Amritsar Allahabad Ranchi Howrah Coimbatore Jabalpur Gwalior Vijayawada Jodhpur Madurai Raipur Kota
Guwahati Chandigarh Solapur Mysuru Bareilly Rampur Tiruchirappalli Kochi`.split(/\s+/);

const WORDS = `need urgent hiring for accounts team sales executives warehouse staff java developers nurses drivers
fresher graduate experience salary shift night day office remote Surat Pune plant operators quality audit tax payroll
support customer service telecalling bpo voice process english hindi gujarati marathi tamil telugu interview walk-in
resume please call back tomorrow morning evening weekend contract permanent openings immediate joining`.split(/\s+/);

const DOMAINS = ['gmail.com', 'yahoo.co.in', 'outlook.com', 'rediffmail.com', 'company.example'];

const sqlArray = (values: string[]) => `array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]`;

/**
 * Seeds `count` leads straight in SQL (generate_series), as the list meets them at scale: ten of the site's real forms
 * in their collections, names, emails, phones and free text, fifty cities, the four statuses, about 30% assigned to
 * the given BDE accounts, created over two years, some optional fields left out and 1% carrying a key their form does
 * not declare. Row i of `total` was created about (total - i) / total of two years ago, within the hour, so the table
 * is in roughly the order the leads came, as a real one is. Deterministic but for the times, which follow now().
 */
export async function seedLeads(
  db: Database,
  count: number,
  assignees: string[],
  {
    first = 1,
    total = first + count - 1,
    linkPeople = false,
  }: {
    first?: number;
    total?: number;
    /** Each lead linked to its person as it is stored (person_of, migration 032), by its phone number and e-mail. */
    linkPeople?: boolean;
  } = {},
) {
  // A number in [0, m) drawn from the row number and a salt: hashint4 spreads sequential ints evenly.
  const h = (salt: number, m: number) => `mod(abs(hashint4((g.i * 32 + ${salt})::int)::bigint), ${m})`;
  const pick = (array: string, salt: number, length: number) => `${array}[1 + ${h(salt, length)}]`;
  const name = `(${pick('p.firsts', 2, FIRST.length)} || ' ' || ${pick('p.lasts', 3, LAST.length)})`;
  const email = `lower(replace(${name}, ' ', '.')) || ${h(4, 1000)} || '@' || ${pick('p.domains', 5, DOMAINS.length)}`;
  const phone = `'9' || lpad(${h(6, 1_000_000_000)}::text, 9, '0')`;
  const city = pick('p.cities', 7, SEED_CITIES.length);
  const text = `array_to_string(array(select p.words[1 + mod(abs(hashint4((g.i * 64 + j)::int))::bigint, ${WORDS.length})]
                  from generate_series(1, 6 + ${h(8, 10)}) j), ' ')`;
  const choice = (salt: number, values: string[]) => `(${sqlArray(values)})[1 + ${h(salt, values.length)}]`;
  const optional = (salt: number, value: string) => `case when ${h(salt, 3)} = 0 then null else ${value} end`;
  // form index: 0 consultation … 9 event-registration, weighted as a real site's traffic might be.
  const form = `case when f0.r < 25 then 0 when f0.r < 45 then 2 when f0.r < 60 then 4 when f0.r < 68 then 3 when f0.r < 76 then 5
                     when f0.r < 83 then 1 when f0.r < 88 then 6 when f0.r < 92 then 7 when f0.r < 97 then 8 else 9 end`;
  const data = `case f.form
    when 0 then jsonb_build_object('name', ${name}, 'email', ${email}, 'contact', ${phone}, 'lookingFor', ${choice(20, ['Job', 'Candidate', 'Franchise'])})
    when 1 then jsonb_build_object('name', ${name}, 'email', ${email}, 'contact', ${phone}, 'district', ${city}, 'lookingFor', ${choice(20, ['Job', 'Candidate'])})
    when 2 then jsonb_build_object('name', ${name}, 'phone', ${phone}, 'email', ${email}, 'description', ${text}, 'type', ${choice(21, ['student', 'college', 'employer'])}, 'city', ${city})
    when 3 then jsonb_strip_nulls(jsonb_build_object('companyName', ${pick('p.lasts', 22, LAST.length)} || ' Industries', 'contactName', ${name}, 'email', ${email}, 'phone', ${phone},
      'jobTitle', ${choice(23, ['Java Developer', 'Accountant', 'Sales Executive', 'Staff Nurse', 'Driver', 'Telecaller'])}, 'location', ${city},
      'employmentType', ${choice(24, ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'INTERN'])}, 'openings', 1 + ${h(25, 20)},
      'salary', ${optional(26, `(2 + ${h(27, 10)}) || ',00,000'`)}, 'description', ${text}))
    when 4 then jsonb_strip_nulls(jsonb_build_object('name', ${name}, 'email', ${email}, 'phone', ${phone}, 'role', ${choice(21, ['student', 'graduate', 'jobseeker'])},
      'experience', ${choice(28, ['fresher', '0-1', '1-3', '3-5', '5+'])}, 'skills', ${optional(29, text)}, 'city', ${city}))
    when 5 then jsonb_build_object('name', ${name}, 'email', ${email}, 'phone', ${phone}, 'subject', ${choice(30, ['Hiring', 'Partnership', 'Feedback', 'Careers'])}, 'message', ${text})
    when 6 then jsonb_strip_nulls(jsonb_build_object('name', ${name}, 'email', ${email}, 'phone', ${phone}, 'city', ${city},
      'background', ${choice(31, ['recruitment', 'sales', 'business', 'corporate', 'other'])}, 'investment', ${choice(32, ['under-4', '4-6', '6+'])}, 'message', ${optional(33, text)}))
    when 7 then jsonb_strip_nulls(jsonb_build_object('name', ${name}, 'email', ${email}, 'phone', ${phone}, 'city', ${city}, 'experience', ${choice(28, ['0-1', '1-3', '3-5', '5+'])},
      'specialisation', ${optional(34, choice(35, ['it', 'finance', 'sales', 'bpo']))}, 'message', ${optional(36, text)}))
    when 8 then jsonb_strip_nulls(jsonb_build_object('email', ${email}, 'city', ${optional(37, city)}))
    else jsonb_build_object('event', ${choice(38, ['Surat Job Fair', 'Pune Walk-in Drive'])}, 'name', ${name}, 'email', ${email}, 'phone', ${phone})
  end`;
  const formIds = sqlArray([
    'consultation',
    'consultation-district',
    'city-lead',
    'job-posting',
    'city-registration',
    'contact',
    'franchise-apply',
    'recruiter-application',
    'newsletter',
    'event-registration',
  ]);
  const collections = sqlArray([
    'ConsultationRequests',
    'ConsultationRequests',
    'LeadForms',
    'JobRequests',
    'Registrations',
    'ContactForms',
    'FranchiseApplications',
    'RecruiterApplications',
    'NewsletterSubscriptions',
    'EventRegistrations',
  ]);
  const people = assignees.length ? `(${sqlArray(assignees)})[1 + ${h(11, assignees.length)}]::uuid` : 'null::uuid';
  // One transaction: PostgreSQL's JIT would spend far longer compiling this statement than running it.
  // Hundreds of thousands of rows in one statement: maintenance, not a request, so not a request's deadline.
  await db.withDeadline(MAINTENANCE_CALL_TIMEOUT_MS).transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('set local jit = off');
    await tx.query(
      `with p as (select ${sqlArray(FIRST)} as firsts, ${sqlArray(LAST)} as lasts, ${sqlArray(SEED_CITIES)} as cities,
                       ${sqlArray(WORDS)} as words, ${sqlArray(DOMAINS)} as domains)
     insert into submissions (form_id, collection, page, city, data, consent, status, assigned_to, created_at${linkPeople ? ', person_id' : ''})
     select (${formIds})[1 + f.form], (${collections})[1 + f.form], d.page, d.data->>'city', d.data,
            '{"text":"I agree to be contacted.","page":"/"}'::jsonb,
            case when ${h(9, 100)} < 55 then 'new' when ${h(9, 100)} < 80 then 'contacted' when ${h(9, 100)} < 88 then 'converted' else 'closed' end,
            case when ${h(10, 100)} < 30 then ${people} end,
            now() - make_interval(secs => 63072000.0 * (${Number(total)} - g.i) / ${Number(total)} + ${h(12, 3600)} + ${h(13, 1_000_000)} / 1e6)
            ${linkPeople ? `, person_of('+91' || coalesce(d.data->>'phone', d.data->>'contact'), d.data->>'email')` : ''}
       from p, generate_series(${Number(first)}, ${Number(first) + Number(count) - 1}) g(i)
       cross join lateral (select ${h(1, 100)} as r) f0
       cross join lateral (select ${form} as form) f
       cross join lateral (select case when ${h(14, 100)} = 0 then ${data} || '{"utm_source":"google"}' else ${data} end as data,
                                  case when f.form in (2, 4) then '/franchise/' || lower(${city}) else '/' end as page) d`,
    );
  });
}

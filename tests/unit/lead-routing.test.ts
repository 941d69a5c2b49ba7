import { describe, expect, it } from 'vitest';
import { checkPages } from '../../src/server/content-checks/check-pages';
import { readPageFiles, type JsonFile } from '../../src/server/site/pages-on-disk';
import { routeLead, visitorTypeOf, type LeadFacts } from '../../src/server/lead-routing/route-lead';
import type { LeadRouting } from '../../src/shared/generated/lead-routing';
import cityLead from '../../pages/forms/city-lead.json';
import jobPosting from '../../pages/forms/job-posting.json';
import shipped from '../../pages/lead-routing.json';

const routing: LeadRouting = {
  $schema: '../schemas/lead-routing.json',
  teams: {
    city: { name: 'City team', roles: ['FBDE'], sameCity: true },
    employers: { name: 'Employer desk', members: ['asha.bde', 'ravi.bde'], lead: 'meera.admin' },
    office: { name: 'Head office', roles: ['BDE'] },
  },
  rules: [
    { name: 'Subscribers', when: { forms: ['newsletter'] }, team: null },
    { name: 'Employers', when: { visitorTypes: ['employer'] }, team: 'employers' },
    { name: 'Cities', team: 'city' },
  ],
  defaultTeam: 'office',
  responseClock: shipped.responseClock,
  digest: shipped.digest,
};
const lead = (facts: Partial<LeadFacts>): LeadFacts => ({
  formId: 'city-lead',
  collection: 'LeadForms',
  city: null,
  page: '/franchise/surat',
  visitorType: null,
  ...facts,
});

describe('lead routing rules', () => {
  it('lists the teams of the rules that match, in order, then the default team', () => {
    const route = routeLead(routing, lead({ city: 'Surat', visitorType: 'employer' }));
    expect(route.nobodyRule).toBeNull();
    expect(route.choices.map((c) => [c.rule, c.key, c.city])).toEqual([
      ['Employers', 'employers', null],
      ['Cities', 'city/surat', 'Surat'],
      ['Default team', 'office', null],
    ]);
    expect(route.choices[0]?.members).toEqual(['asha.bde', 'ravi.bde']);
  });

  it("skips a city's team for a lead with no city, and stops at a rule that sends leads to nobody", () => {
    expect(routeLead(routing, lead({})).choices.map((c) => c.key)).toEqual(['office']);
    expect(routeLead(routing, lead({ formId: 'newsletter', city: 'Surat' }))).toEqual({ choices: [], nobodyRule: 'Subscribers' });
  });

  it('tells who the visitor is from the form: one type, or the answer to a choice', () => {
    expect(visitorTypeOf(jobPosting as never, {})).toBe('employer');
    expect(visitorTypeOf(cityLead as never, { type: 'college' })).toBe('college');
    expect(visitorTypeOf(cityLead as never, { type: 'student' })).toBe('job-seeker');
    expect(visitorTypeOf(cityLead as never, {})).toBeNull();
  });
});

describe('npm run validate on lead routing', () => {
  const files = readPageFiles();
  const withFile = (file: string, edit: (data: Record<string, any>) => void): JsonFile[] =>
    files.map((f) => {
      if (f.file !== file) return f;
      const data = JSON.parse(f.text);
      edit(data);
      return { ...f, text: JSON.stringify(data, null, 2) };
    });
  const problems = (list: JsonFile[]) => checkPages(list).map((p) => `${p.file} ${p.pointer} ${p.message}`);

  it('names a team or a form that does not exist', () => {
    const list = withFile('pages/lead-routing.json', (data) => {
      data.rules[1].team = 'franchise-cty';
      data.rules[0].when.forms = ['newsleter'];
    });
    expect(problems(list)).toEqual([
      'pages/lead-routing.json /rules/0/when/forms/0 no form "newsleter" in pages/forms; did you mean "newsletter"?',
      'pages/lead-routing.json /rules/1/team no team "franchise-cty" in teams; did you mean "franchise-city"?',
    ]);
  });

  it("wants a form's visitor field to be a choice whose every option says who the visitor is", () => {
    const list = withFile('pages/forms/city-lead.json', (data) => {
      delete data.visitor.types.college;
      data.visitor.types.company = 'employer';
    });
    expect(problems(list)).toEqual([
      'pages/forms/city-lead.json /visitor/types/company "company" is not an option of "type"; its options are: student, college, employer',
      'pages/forms/city-lead.json /visitor/types option "college" of "type" has no visitor type',
    ]);
  });
});

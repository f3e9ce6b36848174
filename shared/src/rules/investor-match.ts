import { INVESTORS } from '../constants.ts';
import type { InvestorMatch, MatchReason } from '../schemas/investors.ts';
import type { OnboardingProfile } from '../schemas/onboarding.ts';

// How well an investor fits the founder (issue 22 §6), from what is stored about them: focus and thesis
// (industry), stages, cheque size and geography. Each criterion multiplies the score (INVESTORS.match), and each
// says why in a short text: fits true (a true connection point), false (a reason to skip) or null (unknown).

type Sector = 'fintech' | 'healthcare' | 'education' | 'ecommerce' | 'saas' | 'tech';

/** Word starts that name a sector in a focus, a thesis or an idea. */
const SECTOR_WORDS: Record<Sector, RegExp> = {
  fintech:
    /\b(fin ?tech|payments?|pay\b|financ|bank|invoic|billing|lending|loans?\b|credit|insur|wealth|accounting|bookkeep|money|payroll|tax(es)?\b|remit)/i,
  healthcare:
    /\b(health|medic|clinic|patient|care\b|diagnostic|labs?\b|bio|pharma|therap|hospital|wellness)/i,
  education: /\b(ed ?tech|educat|learning|school|teacher|student|course|tutor|classroom|training|skills?\b)/i,
  ecommerce: /\b(e-?commerce|commerce|retail|marketplace|shop|store|consumer brand|dtc|d2c|merchant)/i,
  saas: /\b(saas|b2b|smb|enterprise|workflow|automation|productivity|developer tools|future of work|hr tech|marketing tech|analytics)/i,
  tech: /\b(ai\b|artificial intelligence|machine learning|data|infrastructure|developer|open source|security|platforms?\b|software|apps?\b)/i,
};

/** The onboarding industry's sectors; "other" names none. */
const INDUSTRY_SECTORS: Record<OnboardingProfile['industry'], Sector[]> = {
  fintech: ['fintech'],
  healthcare: ['healthcare'],
  education: ['education'],
  ecommerce: ['ecommerce'],
  saas: ['saas'],
  tech: ['tech'],
  other: [],
};

/** Sectors an idea names on its own ("invoicing for freelancers" is fintech); broad ones (software, AI) do not count. */
const IDEA_SECTORS: Sector[] = ['fintech', 'healthcare', 'education', 'ecommerce'];

const GENERALIST =
  /\b(generalist|first-time founders|solo founders|angel investing|sector[- ]agnostic|any sector)/i;

/** The founder as matching sees them; geo and raise come from their own words when they gave them. */
export interface MatchFounder {
  industry: OnboardingProfile['industry'];
  stage: OnboardingProfile['stage'];
  idea: string;
  /** Country codes (ISO-like, "US", "UK") the founder named, with the regions they belong to. */
  geo: string[];
  /** The round they said they raise, in dollars. */
  raiseUsd: number | null;
}

export interface MatchableInvestor {
  focus: readonly string[];
  thesis: string | null;
  stages: readonly string[];
  check: string | null;
  geo: string | null;
}

/** The investor rounds that fit a founder's stage (onboarding wording → how investors describe rounds). */
export function roundsFor(stage: OnboardingProfile['stage'] | undefined): string[] {
  switch (stage) {
    case 'Just an idea':
    case 'Researching the market':
      return ['Pre-seed'];
    case 'Building prototype':
    case 'Have an MVP':
      return ['Pre-seed', 'Seed'];
    case 'Getting first customers':
      return ['Seed'];
    case 'Growing revenue':
      return ['Seed', 'Series A'];
    default:
      return ['Pre-seed', 'Seed'];
  }
}

const roundKey = (s: string) => {
  const k = s.toLowerCase().replace(/[^a-z0-9]/g, '');
  return k === 'angel' ? 'preseed' : k;
};

/** Places a text names, by country code; "US", "UK" and "UAE" only in capitals ("us" is a pronoun). */
const PLACES: [code: string, pattern: RegExp][] = [
  ['US', /\b(US|USA|U\.S\.)(?![\w.])/],
  [
    'US',
    /\b(united states|america|american|new york|san francisco|los angeles|chicago|boston|austin|seattle)\b/i,
  ],
  ['UK', /\b(UK|U\.K\.)(?![\w.])/],
  ['UK', /\b(united kingdom|britain|british|england|london|edinburgh|manchester)\b/i],
  ['CA', /\b(canada|canadian|toronto|montreal|vancouver)\b/i],
  ['DE', /\b(germany|german|berlin|munich)\b/i],
  ['FR', /\b(france|french|paris)\b/i],
  ['NL', /\b(netherlands|dutch|amsterdam)\b/i],
  ['IE', /\b(ireland|irish|dublin)\b/i],
  ['PT', /\b(portugal|portuguese|lisbon|porto)\b/i],
  ['ES', /\b(spain|spanish|madrid|barcelona)\b/i],
  ['SE', /\b(sweden|swedish|stockholm)\b/i],
  ['CH', /\b(switzerland|swiss|zurich|geneva)\b/i],
  ['CZ', /\b(czech|prague)\b/i],
  ['IN', /\b(india|indian|bangalore|bengaluru|mumbai|delhi)\b/i],
  ['NG', /\b(nigeria|nigerian|lagos)\b/i],
  ['KE', /\b(kenya|kenyan|nairobi)\b/i],
  ['SG', /\b(singapore)\b/i],
  ['AU', /\b(australia|australian|sydney|melbourne)\b/i],
  ['AE', /\bUAE\b/],
  ['AE', /\b(emirates|dubai|abu dhabi)\b/i],
  ['BR', /\b(brazil|brazilian|são paulo|sao paulo)\b/i],
  ['MX', /\b(mexico|mexican)\b/i],
];

const REGIONS: Record<string, { words: RegExp; codes: string[]; label: string }> = {
  europe: {
    words: /\b(europe|european)\b/i,
    codes: ['UK', 'DE', 'FR', 'NL', 'IE', 'PT', 'ES', 'SE', 'CH', 'CZ'],
    label: 'Europe',
  },
  northAmerica: { words: /\bnorth america/i, codes: ['US', 'CA'], label: 'North America' },
  emerging: {
    words: /\bemerging markets?\b/i,
    codes: ['IN', 'NG', 'KE', 'BR', 'MX'],
    label: 'emerging markets',
  },
  africa: { words: /\bafrica/i, codes: ['NG', 'KE'], label: 'Africa' },
  asia: { words: /\b(apac|asia|asian)\b/i, codes: ['SG', 'IN', 'AU'], label: 'Asia-Pacific' },
  latam: { words: /\b(latam|latin america)\b/i, codes: ['BR', 'MX'], label: 'Latin America' },
};

const COUNTRY_NAMES: Record<string, string> = {
  US: 'the US',
  UK: 'the UK',
  AE: 'the UAE',
  NL: 'the Netherlands',
};
const countryName = (code: string) => COUNTRY_NAMES[code] ?? code;

/** Country codes a text names ("San Francisco, US", "a tool for US freelancers"). */
export function placesIn(text: string): string[] {
  const trailing = /,\s*([A-Z]{2})\s*$/.exec(text)?.[1];
  const codes = new Set<string>(trailing ? [trailing === 'GB' ? 'UK' : trailing] : []);
  for (const [code, pattern] of PLACES) if (pattern.test(text)) codes.add(code);
  for (const region of Object.values(REGIONS))
    if (region.words.test(text)) region.codes.forEach((c) => codes.add(c));
  return [...codes];
}

const UNIT: Record<string, number> = { k: 1e3, thousand: 1e3, m: 1e6, million: 1e6, b: 1e9, billion: 1e9 };
const dollars = (n: string, unit: string | undefined) =>
  Number(n.replace(/,/g, '')) * (unit ? (UNIT[unit.toLowerCase()] ?? 1) : 1);

/** "$50k to $250k" → [50000, 250000]; null when the text is no range. */
export function checkRange(check: string | null): [number, number] | null {
  const m = /\$?\s*([\d.,]+)\s*([kmb])?\s*(?:to|-|–)\s*\$?\s*([\d.,]+)\s*([kmb])?/i.exec(check ?? '');
  if (!m) return null;
  const range: [number, number] = [dollars(m[1]!, m[2] ?? m[4]), dollars(m[3]!, m[4])];
  return range.every(Number.isFinite) ? range : null;
}

/** The round a text says the founder raises: "raising $500k", "a $1.5m seed round". */
export function raiseIn(text: string): number | null {
  const m =
    /\brais(?:e|es|ing)\b[^$.\n]{0,30}\$\s?([\d.,]+)\s*(k|m|b|thousand|million|billion)?\b/i.exec(text) ??
    /\$\s?([\d.,]+)\s*(k|m|b|thousand|million|billion)?\s+(?:pre-?seed |seed |series [a-c] )?round\b/i.exec(
      text,
    );
  if (!m) return null;
  const v = dollars(m[1]!, m[2]);
  return Number.isFinite(v) && v > 0 ? v : null;
}

/** "$500k", "$1.5M": a dollar amount as a card shows it. */
export function formatUsdShort(v: number): string {
  if (v >= 1e6) return `$${Number((v / 1e6).toFixed(1))}M`;
  if (v >= 1e3) return `$${Math.round(v / 1e3)}k`;
  return `$${v}`;
}

/** The founder from their profile and the request's own words (a research task's description). */
export function matchFounder(
  profile: Pick<OnboardingProfile, 'industry' | 'stage' | 'idea'> &
    Partial<Pick<OnboardingProfile, 'timeline' | 'budget'>>,
  request = '',
): MatchFounder {
  const words = [profile.idea, profile.timeline ?? '', profile.budget ?? '', request].join('\n');
  return {
    industry: profile.industry,
    stage: profile.stage,
    idea: profile.idea,
    geo: placesIn(words),
    raiseUsd: raiseIn(words),
  };
}

function sectorsOf(text: string, allowed?: Sector[]): Set<Sector> {
  const found = new Set<Sector>();
  for (const [sector, pattern] of Object.entries(SECTOR_WORDS) as [Sector, RegExp][])
    if ((!allowed || allowed.includes(sector)) && pattern.test(text)) found.add(sector);
  return found;
}

const founderSectors = (f: MatchFounder) =>
  new Set([...INDUSTRY_SECTORS[f.industry], ...sectorsOf(f.idea, IDEA_SECTORS)]);

/** The investor's focus items in the founder's industry (what an email may say they invest in). */
export function matchingFocus(f: MatchFounder, inv: Pick<MatchableInvestor, 'focus'>): string[] {
  const wanted = founderSectors(f);
  return inv.focus.filter((item) => [...sectorsOf(item)].some((s) => wanted.has(s)));
}

const label = (s: Sector) => (s === 'saas' ? 'B2B software' : s === 'tech' ? 'technology' : s);

function industryFit(f: MatchFounder, inv: MatchableInvestor): [number, MatchReason] {
  const w = INVESTORS.match.industry;
  const wanted = founderSectors(f);
  const matching = matchingFocus(f, inv);
  if (matching.length)
    return [
      w.fits,
      { about: 'industry', text: `Invests in ${matching.slice(0, 2).join(' and ')}`, fits: true },
    ];
  const thesis = inv.thesis ?? '';
  if ([...sectorsOf(thesis)].some((s) => wanted.has(s)))
    return [
      w.fits,
      { about: 'industry', text: `Thesis fits you: “${thesis.replace(/[.]$/, '')}”`, fits: true },
    ];
  const focus = inv.focus.join(', ');
  if (!inv.focus.length || GENERALIST.test(focus) || !wanted.size)
    return [
      w.generalist,
      { about: 'industry', text: inv.focus.length ? `Generalist: ${focus}` : 'Focus not listed', fits: null },
    ];
  const yours = [...wanted].map(label).join(' / ');
  return [w.miss, { about: 'industry', text: `Focuses on ${focus}, not ${yours}`, fits: false }];
}

function stageFit(f: MatchFounder, inv: MatchableInvestor): [number, MatchReason] {
  const w = INVESTORS.match.stage;
  const rounds = roundsFor(f.stage);
  if (!inv.stages.length) return [w.unknown, { about: 'stage', text: 'Stages not listed', fits: null }];
  const wanted = new Set(rounds.map(roundKey));
  const shared = inv.stages.filter((s) => wanted.has(roundKey(s)));
  if (shared.length)
    return [w.fits, { about: 'stage', text: `${shared.join(' / ')} stage matches`, fits: true }];
  return [
    w.miss,
    {
      about: 'stage',
      text: `Invests at ${inv.stages.join(' / ')}; at “${f.stage}” your round is ${rounds.join(' / ')}`,
      fits: false,
    },
  ];
}

function geoFit(f: MatchFounder, inv: MatchableInvestor): [number, MatchReason] {
  const w = INVESTORS.match.geo;
  const focusText = [...inv.focus, inv.thesis ?? ''].join(' · ');
  const keptTo = Object.values(REGIONS).find((r) => r.words.test(focusText));
  const theirs = inv.geo ? placesIn(inv.geo) : [];
  if (!f.geo.length) {
    return [
      w.unknown,
      { about: 'geo', text: inv.geo ? `Based in ${inv.geo}` : 'Location not listed', fits: null },
    ];
  }
  if (keptTo && !f.geo.some((c) => keptTo.codes.includes(c)))
    return [
      w.outsideRegion,
      { about: 'geo', text: `Invests in ${keptTo.label}; you are in ${countryName(f.geo[0]!)}`, fits: false },
    ];
  const same = theirs.find((c) => f.geo.includes(c));
  if (same) return [w.fits, { about: 'geo', text: `Based in ${countryName(same)}, like you`, fits: true }];
  const region = Object.values(REGIONS).find(
    (r) => theirs.some((c) => r.codes.includes(c)) && f.geo.some((c) => r.codes.includes(c)),
  );
  if (region)
    return [w.fits, { about: 'geo', text: `Invests in ${region.label}, where you are`, fits: true }];
  if (!theirs.length)
    return [
      w.unknown,
      { about: 'geo', text: inv.geo ? `Location: ${inv.geo}` : 'Location not listed', fits: null },
    ];
  return [
    w.elsewhere,
    { about: 'geo', text: `Based in ${inv.geo}, not ${countryName(f.geo[0]!)}`, fits: false },
  ];
}

function checkFit(f: MatchFounder, inv: MatchableInvestor): [number, MatchReason] {
  const w = INVESTORS.match.check;
  const range = checkRange(inv.check);
  if (!range) return [w.unknown, { about: 'check', text: 'Check size not listed', fits: null }];
  const span = `${formatUsdShort(range[0])}–${formatUsdShort(range[1])}`;
  if (f.raiseUsd === null) return [w.unknown, { about: 'check', text: `Writes ${span} checks`, fits: null }];
  const raise = formatUsdShort(f.raiseUsd);
  if (range[0] <= f.raiseUsd)
    return [w.fits, { about: 'check', text: `Writes ${span} checks; you're raising ${raise}`, fits: true }];
  return [
    w.tooLarge,
    { about: 'check', text: `Writes ${span} checks, more than your ${raise} raise`, fits: false },
  ];
}

/** The investor's fit (0–100) and its reasons: the fits first, then the gaps, then what is unknown. */
export function investorMatch(f: MatchFounder, inv: MatchableInvestor): InvestorMatch {
  const parts = [industryFit(f, inv), stageFit(f, inv), geoFit(f, inv), checkFit(f, inv)];
  const score = Math.round(100 * parts.reduce((acc, [factor]) => acc * factor, 1));
  const order = (r: MatchReason) => (r.fits === true ? 0 : r.fits === false ? 1 : 2);
  return { score, reasons: parts.map(([, r]) => r).sort((a, b) => order(a) - order(b)) };
}

/** Research keeps, and drafts to, only investors at or above the threshold. */
export const matchFits = (m: InvestorMatch): boolean => m.score >= INVESTORS.match.threshold;

/** The true connection points of a match (what an email may name): the criteria that fit. */
export const connectionPoints = (m: InvestorMatch): string[] =>
  m.reasons.filter((r) => r.fits === true).map((r) => r.text);

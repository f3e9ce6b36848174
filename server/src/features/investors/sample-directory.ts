import { investorMatch, matchFits, type MatchFounder } from '@cofounder/shared';

// The offline research source: a bundled directory of FICTIONAL investors. Every name, firm, address,
// LinkedIn handle and portfolio company below is invented (emails on the reserved .example domain); the
// API marks each one `sample: true` and the screen says it is sample data.

export interface FoundInvestor {
  name: string;
  firm: string | null;
  email: string | null;
  linkedin: string | null;
  geo: string | null;
  check: string | null;
  focus: string[];
  thesis: string | null;
  stages: string[];
  portfolio: string[];
  recentInvestments: string[];
  sourceUrl: string | null;
  /** An https image on INVESTORS.avatar.hosts (web research only), else null. */
  photoUrl: string | null;
}

interface Row {
  name: string;
  firm: string | null;
  /** false: the directory has no address for them (fewer verification points). */
  email?: false;
  /** The fictional LinkedIn handle, or null when none is listed. */
  handle: string | null;
  geo: string;
  check: string | null;
  stages: string[];
  focus: string[];
  thesis: string | null;
  portfolio: string[];
}

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, '');

function entry(r: Row): FoundInvestor {
  const first = slug(r.name.split(' ')[0] ?? r.name);
  return {
    name: r.name,
    firm: r.firm,
    email: r.email === false ? null : `${first}@${slug(r.firm ?? r.name)}.example`,
    linkedin: r.handle ? `https://www.linkedin.com/in/${r.handle}` : null,
    geo: r.geo,
    check: r.check,
    focus: r.focus,
    thesis: r.thesis,
    stages: r.stages,
    portfolio: r.portfolio,
    recentInvestments: r.portfolio.slice(0, 2),
    sourceUrl: null,
    photoUrl: null,
  };
}

const PRE = ['Pre-seed'];
const SEED = ['Pre-seed', 'Seed'];
const LATER = ['Seed', 'Series A'];

const ROWS: Row[] = [
  {
    name: 'Ada Quillfeather',
    firm: 'Lanternfish Ventures',
    handle: 'ada-quillfeather-sample',
    geo: 'San Francisco, US',
    check: '$50k to $250k',
    stages: SEED,
    focus: ['B2B SaaS', 'Developer tools'],
    thesis: 'Tools that make small teams ship like big ones.',
    portfolio: ['Brightloom Labs', 'Tidewire', 'Stackpebble', 'Quietforge', 'Northmoss'],
  },
  {
    name: 'Bram Oakenshaw',
    firm: 'Copperkettle Capital',
    handle: 'bram-oakenshaw-sample',
    geo: 'London, UK',
    check: '$100k to $500k',
    stages: LATER,
    focus: ['Payments', 'Embedded finance'],
    thesis: 'Finance infrastructure for the long tail of businesses.',
    portfolio: ['Ledgerlark', 'Coinmeadow', 'Paywhistle'],
  },
  {
    name: 'Celia Marrowby',
    firm: 'Hollowpine Partners',
    handle: 'celia-marrowby-sample',
    geo: 'Boston, US',
    check: '$250k to $1m',
    stages: LATER,
    focus: ['Digital health', 'Care delivery'],
    thesis: 'Software that gives clinicians their time back.',
    portfolio: ['Pulsewillow', 'Caregrove', 'Mendlight', 'Vitalbrook'],
  },
  {
    name: 'Dorian Fenwick',
    firm: 'Little Comet Fund',
    handle: 'dorian-fenwick-sample',
    geo: 'New York, US',
    check: '$25k to $100k',
    stages: PRE,
    focus: ['First-time founders', 'AI applications'],
    thesis: 'Backing founders before the deck is pretty.',
    portfolio: ['Promptmoor', 'Ideaferry'],
  },
  {
    name: 'Elowen Brackley',
    firm: 'Sablecrest Ventures',
    handle: 'elowen-brackley-sample',
    geo: 'Berlin, DE',
    check: '$150k to $750k',
    stages: LATER,
    focus: ['Commerce enablement', 'Marketplaces'],
    thesis: 'The picks and shovels of online retail.',
    portfolio: ['Cartwhistle', 'Shelfsprout', 'Basketly Sample Co'],
  },
  {
    name: 'Fergus Thistledown',
    firm: 'Chalkboard Seed',
    handle: 'fergus-thistledown-sample',
    geo: 'Toronto, CA',
    check: '$50k to $200k',
    stages: SEED,
    focus: ['EdTech', 'Workforce learning'],
    thesis: 'Learning that ends in a job, not a certificate.',
    portfolio: ['Lessonloft', 'Skillharbor', 'Quizfern'],
  },
  {
    name: 'Greta Vanterpool',
    firm: 'Meridian Owl Capital',
    handle: 'greta-vanterpool-sample',
    geo: 'Amsterdam, NL',
    check: '$500k to $2m',
    stages: ['Series A'],
    focus: ['Vertical SaaS', 'B2B fintech'],
    thesis: 'Category leaders in unglamorous industries.',
    portfolio: ['Invoicewren', 'Fleetmallow', 'Ropewalk Systems', 'Grainly'],
  },
  {
    name: 'Hugo Penhallow',
    firm: null,
    handle: 'hugo-penhallow-sample',
    geo: 'Austin, US',
    check: '$10k to $50k',
    stages: PRE,
    focus: ['Angel investing', 'Consumer apps'],
    thesis: null,
    portfolio: ['Snackwave', 'Dogwalkr Sample'],
  },
  {
    name: 'Isolde Greaves',
    firm: 'Tinker & Tide',
    handle: null,
    geo: 'Dublin, IE',
    check: '$75k to $300k',
    stages: SEED,
    focus: ['Infrastructure', 'Security'],
    thesis: 'Quiet infrastructure that everyone ends up depending on.',
    portfolio: ['Keystrand', 'Vaultmere'],
  },
  {
    name: 'Jasper Wrenfield',
    firm: 'Foxglove Health Fund',
    handle: 'jasper-wrenfield-sample',
    geo: 'Chicago, US',
    check: '$100k to $400k',
    stages: SEED,
    focus: ['Mental health', 'Patient engagement'],
    thesis: 'Care that meets people where they already are.',
    portfolio: ['Calmridge', 'Dosewell'],
  },
  {
    name: 'Kestrel Amari',
    firm: 'Bluegate Angels',
    handle: 'kestrel-amari-sample',
    geo: 'Lagos, NG',
    check: '$25k to $150k',
    stages: SEED,
    focus: ['Emerging markets', 'Mobile money'],
    thesis: 'The next billion customers buy and pay on their phones.',
    portfolio: ['Tradepalm', 'Kobolink', 'Marketwise Sample'],
  },
  {
    name: 'Linnea Holmgard',
    firm: 'Fjordlight Ventures',
    handle: 'linnea-holmgard-sample',
    geo: 'Stockholm, SE',
    check: '$200k to $1m',
    stages: LATER,
    focus: ['Climate tech', 'Energy software'],
    thesis: 'Software that cuts emissions as a side effect of saving money.',
    portfolio: ['Gridlark', 'Heatmoss', 'Solarwick'],
  },
  {
    name: 'Milo Ashcombe',
    firm: 'Pocketwatch Capital',
    email: false,
    handle: 'milo-ashcombe-sample',
    geo: 'Los Angeles, US',
    check: '$50k to $250k',
    stages: SEED,
    focus: ['Consumer brands', 'Creator economy'],
    thesis: null,
    portfolio: ['Glowtide Goods', 'Fancraft'],
  },
  {
    name: 'Nadia Okonkwo-Bell',
    firm: 'Riverstone Seed',
    handle: 'nadia-okonkwo-bell-sample',
    geo: 'Atlanta, US',
    check: '$100k to $500k',
    stages: SEED,
    focus: ['Future of work', 'HR tech'],
    thesis: 'Better jobs through better tools.',
    portfolio: ['Shiftgrove', 'Hirebloom', 'Teamlantern'],
  },
  {
    name: 'Osric Hale',
    firm: 'Anvil Street Partners',
    handle: 'osric-hale-sample',
    geo: 'Seattle, US',
    check: '$1m to $3m',
    stages: ['Series A'],
    focus: ['Data infrastructure', 'AI platforms'],
    thesis: 'The data layer under every AI product.',
    portfolio: ['Vectorwell', 'Querymint', 'Lakeharbor', 'Schemafox', 'Indexbloom'],
  },
  {
    name: 'Priya Lanmore',
    firm: 'Kitefield Ventures',
    handle: 'priya-lanmore-sample',
    geo: 'Bangalore, IN',
    check: '$50k to $300k',
    stages: SEED,
    focus: ['SMB software', 'Payments'],
    thesis: 'Software for the businesses that run a country.',
    portfolio: ['Khatabloom', 'Shopwren', 'Billsprout'],
  },
  {
    name: 'Quentin Marlowe',
    firm: 'Inkwell Angels',
    email: false,
    handle: null,
    geo: 'Paris, FR',
    check: '$20k to $80k',
    stages: PRE,
    focus: ['Media', 'Education'],
    thesis: 'Ideas worth reading, and the companies that publish them.',
    portfolio: [],
  },
  {
    name: 'Rosalind Achebe',
    firm: 'Northwind Bio Partners',
    handle: 'rosalind-achebe-sample',
    geo: 'San Diego, US',
    check: '$500k to $2m',
    stages: ['Seed', 'Series A'],
    focus: ['Diagnostics', 'Lab software'],
    thesis: 'Faster answers for patients and the labs that serve them.',
    portfolio: ['Assaylark', 'Samplewise', 'Cellmoor'],
  },
  {
    name: 'Silas Underhay',
    firm: 'Gravelroad Capital',
    handle: 'silas-underhay-sample',
    geo: 'Denver, US',
    check: '$100k to $500k',
    stages: SEED,
    focus: ['Logistics', 'Supply chain'],
    thesis: 'Moving goods with fewer phone calls.',
    portfolio: ['Freightfinch', 'Dockwise', 'Palletpine'],
  },
  {
    name: 'Talia Brightwater',
    firm: 'Open Orchard Fund',
    handle: 'talia-brightwater-sample',
    geo: 'Remote',
    check: '$25k to $100k',
    stages: PRE,
    focus: ['Open source', 'Developer communities'],
    thesis: 'Communities first, companies second.',
    portfolio: ['Forkmeadow', 'Patchwren'],
  },
  {
    name: 'Ulric Stonebridge',
    firm: 'Ledgerstone Ventures',
    handle: 'ulric-stonebridge-sample',
    geo: 'Zurich, CH',
    check: '$250k to $1m',
    stages: LATER,
    focus: ['Wealth tech', 'Compliance'],
    thesis: 'Regulation as a moat.',
    portfolio: ['Auditfern', 'Vaultwick', 'Ruleharbor'],
  },
  {
    name: 'Vera Calloway',
    firm: 'Hummingbird Health',
    handle: 'vera-calloway-sample',
    geo: 'Nashville, US',
    check: '$50k to $250k',
    stages: SEED,
    focus: ['Healthcare SaaS', 'Billing'],
    thesis: 'Administrative work is healthcare’s biggest cost.',
    portfolio: ['Claimsparrow', 'Chartmint'],
  },
  {
    name: 'Wendell Ashgrove',
    firm: 'Ashgrove Family Office',
    email: false,
    handle: null,
    geo: 'Miami, US',
    check: null,
    stages: ['Seed', 'Series A'],
    focus: ['Real estate tech'],
    thesis: null,
    portfolio: [],
  },
  {
    name: 'Xenia Dravecka',
    firm: 'Boxcar Ventures',
    handle: 'xenia-dravecka-sample',
    geo: 'Prague, CZ',
    check: '$75k to $300k',
    stages: SEED,
    focus: ['Marketing tech', 'Analytics'],
    thesis: 'Every shop deserves the analytics of a giant.',
    portfolio: ['Funnelfox', 'Cohortly Sample', 'Tagmeadow'],
  },
  {
    name: 'Yusuf Karandel',
    firm: 'Saffron Gate Capital',
    handle: 'yusuf-karandel-sample',
    geo: 'Dubai, AE',
    check: '$100k to $600k',
    stages: LATER,
    focus: ['Cross-border commerce', 'Fintech'],
    thesis: 'Trade without borders.',
    portfolio: ['Routepalm', 'Remitwren', 'Souqlane'],
  },
  {
    name: 'Zora Pennywhistle',
    firm: 'Firstlight Pre-Seed',
    handle: 'zora-pennywhistle-sample',
    geo: 'San Francisco, US',
    check: '$50k to $150k',
    stages: PRE,
    focus: ['Pre-seed generalist', 'Solo founders'],
    thesis: 'A first cheque for founders with a clear problem and no round yet.',
    portfolio: ['Hatchwell', 'Seedpost', 'Sproutline', 'Kindlewing'],
  },
  {
    name: 'Anselm Rookwood',
    firm: 'Tallmast Ventures',
    handle: 'anselm-rookwood-sample',
    geo: 'Singapore, SG',
    check: '$200k to $800k',
    stages: LATER,
    focus: ['Enterprise software', 'APAC expansion'],
    thesis: 'Enterprise software built for Asia first.',
    portfolio: ['Harbourstack', 'Workmoss', 'Deskfinch'],
  },
  {
    name: 'Beatrix Colville',
    firm: 'Second Bell Fund',
    handle: 'beatrix-colville-sample',
    geo: 'Edinburgh, UK',
    check: '$50k to $250k',
    stages: SEED,
    focus: ['Impact', 'Accessibility'],
    thesis: 'Products that widen who gets to participate.',
    portfolio: ['Signbridge', 'Readwell Sample'],
  },
  {
    name: 'Cassius Vell',
    firm: 'Driftwood Angels',
    email: false,
    handle: 'cassius-vell-sample',
    geo: 'Sydney, AU',
    check: '$25k to $100k',
    stages: PRE,
    focus: [],
    thesis: null,
    portfolio: [],
  },
  {
    name: 'Delphine Arrowsmith',
    firm: 'Quarterdeck Capital',
    handle: 'delphine-arrowsmith-sample',
    geo: 'Montreal, CA',
    check: '$150k to $600k',
    stages: LATER,
    focus: ['Vertical AI', 'Automation'],
    thesis: 'AI that finishes the job, not just drafts it.',
    portfolio: ['Formwren', 'Taskharbor', 'Replymint'],
  },
];

export const SAMPLE_DIRECTORY: readonly FoundInvestor[] = ROWS.map(entry);

/**
 * Up to `max` directory investors for a founder, best match first (ties keep the directory's order), none below
 * the match threshold. Without a profile there is nothing to match: the directory's order. `skip` says which
 * identities the founder already has.
 */
export function pickSampleInvestors(
  founder: MatchFounder | null,
  max: number,
  skip: (i: FoundInvestor) => boolean,
): FoundInvestor[] {
  const candidates = SAMPLE_DIRECTORY.filter((inv) => !skip(inv));
  if (!founder) return candidates.slice(0, max);
  return candidates
    .map((inv) => ({ inv, match: investorMatch(founder, inv) }))
    .filter(({ match }) => matchFits(match))
    .sort((a, b) => b.match.score - a.match.score)
    .slice(0, max)
    .map(({ inv }) => inv);
}

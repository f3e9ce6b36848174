import { isIP } from 'node:net';
import {
  formatUsdShort,
  INVESTORS,
  investorMatch,
  matchFits,
  matchFounder,
  planAllows,
  RecipientEmail,
  roundsFor,
  type MatchFounder,
  type OnboardingProfile,
} from '@cofounder/shared';
import { z } from 'zod';
import { AiError, type AiUsage, type WebSource } from '../../providers/ai/port.ts';
import { aiRequest } from '../cofounder/context.ts';
import {
  bullets,
  internalActivity,
  type Agent,
  type AgentInput,
  type AgentOutcome,
} from '../agents/agent.ts';
import { checkAvatarUrl } from './avatar.ts';
import { createUsageService } from '../usage/usage.service.ts';
import { honestPersonalization, oneLine, templateDraft, type Draft, type DraftFit } from './drafts.ts';
import { identityOf, knownIdentities, storeFound, type FoundWithDraft } from './investors.repo.ts';
import { pickSampleInvestors, type FoundInvestor } from './sample-directory.ts';
import { isPublicAddress } from '../../net/public-address.ts';
import { addUsage } from '../../providers/ai/pricing.ts';

// investor_outreach_agent: finds investors that fit the founder and drafts one email per investor. With a provider
// that can browse (AI_WEB_SEARCH) the list is researched on the web: sourceUrl only when the answer cites that page,
// photoUrl only on the avatar proxy's hosts. Without it, or when that fails or finds nobody, the model's recall
// (sourceUrl when it gives one); offline, or when that fails too, the bundled directory of fictional investors.
// Only investors who match the founder (INVESTORS.match) are kept and written to; drafts wait for approval. Below
// the Builder plan (Investor Outreach locked) the task pauses with the upgrade reason and does nothing.

const s = z.string().trim().max(400);
const list = z.array(z.string().trim().min(1).max(200)).max(20);

const TargetInvestor = z.object({
  name: z.string().trim().min(1).max(120),
  firm: s.nullable(),
  email: s.nullable(),
  linkedin: s.nullable(),
  geo: s.nullable(),
  check: s.nullable(),
  focus: list,
  thesis: z.string().trim().max(1000).nullable(),
  stages: list,
  portfolio: list,
  recentInvestments: list,
  sourceUrl: s.nullable(),
});

/** What the model recalls (no browsing): no photo asked for, an image URL from memory would be invented. */
export const InvestorTargets = z.object({
  investors: z.array(TargetInvestor).max(INVESTORS.researchBatch * 2),
});

/** What web research finds: the same, plus the photo when a page showed one. */
export const InvestorWebTargets = z.object({
  investors: z
    .array(TargetInvestor.extend({ photoUrl: z.string().trim().max(2000).nullable() }))
    .max(INVESTORS.researchBatch * 2),
});

export const InvestorEmailDrafts = z.object({
  drafts: z
    .array(
      z.object({
        email: s,
        subject: z.string().trim().min(1).max(200),
        body: z.string().trim().min(1).max(5000),
        connectionPoints: list,
        portfolioMentions: list,
        reasoning: z.string().trim().max(1000),
      }),
    )
    .max(INVESTORS.researchBatch * 2),
});

/** A host name or a public IP address; not localhost, an internal-only name, or a private / link-local address. */
const isPublicHost = (hostname: string): boolean => {
  const bare = hostname.replace(/^\[|\]$/g, '');
  if (isIP(bare)) return isPublicAddress(bare);
  return hostname.includes('.') && !/(^|\.)(localhost|local|internal|lan|home\.arpa)$/i.test(hostname);
};

const httpsUrl = (v: string | null, host?: RegExp): string | null => {
  if (!v) return null;
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    if (host && !host.test(u.hostname)) return null;
    // A link the founder may click: never one into their own network (an injected page could suggest it).
    if (!isPublicHost(u.hostname)) return null;
    return u.toString();
  } catch {
    return null;
  }
};

/** An https image the avatar proxy would fetch (checkAvatarUrl: INVESTORS.avatar.hosts, default port), else null. */
export function avatarPhotoUrl(v: string | null | undefined): string | null {
  if (!v) return null;
  try {
    return checkAvatarUrl(v).toString();
  } catch {
    return null;
  }
}

/** An http(s) URL without its utm_* tracking parameters (OpenAI adds utm_source=openai to cited links). */
function withoutTracking(v: string): URL | null {
  try {
    const u = new URL(v);
    if (u.protocol !== 'https:' && u.protocol !== 'http:') return null;
    for (const k of [...u.searchParams.keys()]) if (/^utm_/i.test(k)) u.searchParams.delete(k);
    return u;
  } catch {
    return null;
  }
}

/** A page's identity for matching a model's sourceUrl to a citation: no tracking, no fragment, no trailing slash. */
function pageKey(v: string): string | null {
  const u = withoutTracking(v);
  if (!u) return null;
  u.hash = '';
  u.pathname = u.pathname.replace(/\/+$/, '') || '/';
  return u.toString();
}

/** The cited pages by pageKey, each as cited (without tracking parameters). */
function citationIndex(sources: WebSource[]): Map<string, string> {
  const cited = new Map<string, string>();
  for (const { url } of sources) {
    const key = pageKey(url);
    if (key && !cited.has(key)) cited.set(key, withoutTracking(url)!.toString());
  }
  return cited;
}

/**
 * The cited page a model's sourceUrl names, or null: web research keeps a source only when the answer cites it,
 * never a URL the model made up.
 */
function citedSourceUrl(sourceUrl: string | null, cited: Map<string, string>): string | null {
  const key = sourceUrl ? pageKey(sourceUrl) : null;
  return key ? (cited.get(key) ?? null) : null;
}

/** A model's investor, cleaned: only a valid single address, a linkedin.com/in URL and an http(s) source stay. */
function cleanFound(i: z.infer<typeof TargetInvestor> & { photoUrl?: string | null }): FoundInvestor {
  const email = i.email && RecipientEmail.safeParse(i.email).success ? i.email.trim() : null;
  const linkedin = httpsUrl(i.linkedin, /(^|\.)linkedin\.com$/i);
  return {
    name: oneLine(i.name, 120),
    firm: i.firm ? oneLine(i.firm, 200) || null : null,
    email,
    linkedin: linkedin && /\/in\//.test(linkedin) ? linkedin : null,
    geo: i.geo || null,
    check: i.check || null,
    focus: i.focus,
    thesis: i.thesis || null,
    stages: i.stages,
    portfolio: i.portfolio,
    recentInvestments: i.recentInvestments,
    sourceUrl: httpsUrl(i.sourceUrl),
    photoUrl: avatarPhotoUrl(i.photoUrl),
  };
}

/** The founder as matching sees them: the profile plus the task's own words (a raise, a place). */
const founderOf = (input: AgentInput): MatchFounder | null => {
  const p = input.memory.context.profile;
  return p ? matchFounder(p, input.task.description) : null;
};

const ZERO: AiUsage = { tokens: 0, costUsd: 0 };

function profileLine(p: OnboardingProfile | null, f: MatchFounder | null): string {
  if (!p || !f)
    return 'The founder has not completed onboarding; pick investors who back early-stage generalist teams.';
  return [
    `Industry: ${p.industry}. Stage: ${p.stage} (investor rounds: ${roundsFor(p.stage).join(', ')}). Idea: ${p.idea}`,
    f.geo.length ? `Founder's location: ${f.geo.join(', ')}.` : '',
    f.raiseUsd ? `Raising: ${formatUsdShort(f.raiseUsd)}.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** Only investors the founder matches; without a profile there is nothing to match against. */
const fitting = (found: FoundInvestor[], f: MatchFounder | null) =>
  f ? found.filter((i) => matchFits(investorMatch(f, i))) : found;

const fitOf = (f: MatchFounder | null, i: FoundInvestor): DraftFit | null =>
  f ? { founder: f, match: investorMatch(f, i) } : null;

/** New investors only (not known, not twice), at most one batch. */
function newOnes(found: FoundInvestor[], known: Set<string>): FoundInvestor[] {
  const seen = new Set(known);
  return found
    .filter((f) => {
      const id = identityOf(f);
      if (!f.name || seen.has(id)) return false;
      seen.add(id);
      return true;
    })
    .slice(0, INVESTORS.researchBatch);
}

async function researchWithModel(
  input: AgentInput,
  known: Set<string>,
): Promise<{ found: FoundInvestor[]; usage: AiUsage }> {
  const profile = input.memory.context.profile;
  const request = aiRequest('plan', input.memory, [
    {
      role: 'user',
      content: `${input.task.description}\n\n${profileLine(profile, founderOf(input))}\n\nList up to ${INVESTORS.researchBatch} real investors (angels or funds) who invest in this startup's industry, at its round, and where it is based. Only include facts you are confident of; use null for an unknown email, LinkedIn URL or source. sourceUrl is the page where the investor's details can be checked. check is the cheque size like "$50k to $250k".`,
    },
  ]);
  const { value, usage } = await input.ai.structuredWithUsage({
    ...request,
    maxTokens: 4000,
    name: 'investor_targets',
    schema: InvestorTargets,
  });
  return { found: newOnes(fitting(value.investors.map(cleanFound), founderOf(input)), known), usage };
}

/** Web research (the provider's research(), only when it can browse): sources must be cited pages. */
async function researchOnWeb(
  input: AgentInput,
  known: Set<string>,
  research: NonNullable<AgentInput['ai']['research']>,
): Promise<{ found: FoundInvestor[]; usage: AiUsage }> {
  const profile = input.memory.context.profile;
  const request = aiRequest('plan', input.memory, [
    {
      role: 'user',
      content: `${input.task.description}\n\n${profileLine(profile, founderOf(input))}\n\nSearch the web for up to ${INVESTORS.researchBatch} real investors (angels or funds) who actively invest in this startup's industry and stage. Use only facts from pages you found and cite them. sourceUrl is the URL of the page you found the investor on (cited); use null for anything you did not find (email, LinkedIn URL, photo). photoUrl is the investor's photo only when a page shows it as an https image on ${INVESTORS.avatar.hosts.join(', ')}. check is the cheque size like "$50k to $250k".`,
    },
  ]);
  const { value, sources, usage } = await research({
    ...request,
    maxTokens: 6000,
    name: 'investor_web_targets',
    schema: InvestorWebTargets,
  });
  const cited = citationIndex(sources);
  const found = value.investors.map((i) => ({
    ...cleanFound(i),
    sourceUrl: citedSourceUrl(i.sourceUrl, cited),
  }));
  return { found: newOnes(fitting(found, founderOf(input)), known), usage };
}

async function draftWithModel(
  input: AgentInput,
  found: FoundInvestor[],
): Promise<{ drafts: Map<string, Draft>; usage: AiUsage }> {
  const withEmail = found.filter((f) => f.email);
  if (!withEmail.length) return { drafts: new Map(), usage: ZERO };
  const request = aiRequest('plan', input.memory, [
    {
      role: 'user',
      content: `Write one short, personal first email from the founder to each investor below (plain text, no links you are not sure of, no invented traction). Name only the connection points listed for each investor (or none); never present a mismatch as one. Return email = the investor's address.\n\n${profileLine(input.memory.context.profile, founderOf(input))}\n\n${JSON.stringify(
        withEmail.map((f) => ({
          email: f.email,
          connectionPoints:
            fitOf(founderOf(input), f)
              ?.match.reasons.filter((r) => r.fits)
              .map((r) => r.text) ?? [],
          name: f.name,
          firm: f.firm,
          focus: f.focus,
          thesis: f.thesis,
          portfolio: f.portfolio,
        })),
      )}`,
    },
  ]);
  const { value, usage } = await input.ai.structuredWithUsage({
    ...request,
    maxTokens: 4000,
    name: 'investor_emails',
    schema: InvestorEmailDrafts,
  });
  const drafts = new Map<string, Draft>();
  for (const d of value.drafts) {
    const subject = oneLine(d.subject, 200);
    if (!subject) continue;
    const inv = withEmail.find((f) => f.email!.toLowerCase() === d.email.trim().toLowerCase());
    if (!inv) continue;
    drafts.set(inv.email!.toLowerCase(), {
      subject,
      body: d.body,
      personalization: honestPersonalization(d, inv, fitOf(founderOf(input), inv)),
    });
  }
  return { drafts, usage };
}

const joinNotes = (a: string, b: string) => (a ? `${a} ${b}` : b);

/** Spec 2 §6 plan gating for the agent: below Builder the task pauses with the upgrade reason, nothing is researched. */
function planPaused(): AgentOutcome {
  const reason = INVESTORS.planPauseReason;
  return {
    summary: reason,
    content: `## Investor research paused\n\n${reason}. No investors were researched and no emails were drafted.`,
    data: { kind: 'investor_research', investors: 0, drafts: 0, paused: 'plan' },
    usage: ZERO,
    activities: [
      internalActivity(
        'Investor research paused',
        reason,
        'Investor Outreach is not on your plan.',
        'Nothing researched',
      ),
    ],
    pause: { platforms: [], reason },
  };
}

/**
 * Every investor outreach task (research, and any other work filed under the agent, such as intro emails) waits
 * for a plan with Investor Outreach: the pause outcome below it, null when the plan allows the work.
 */
export async function investorPlanGate(input: AgentInput): Promise<AgentOutcome | null> {
  const plan = await createUsageService(input.db, input.now).planOf(input.task.userId);
  return planAllows(plan.id, 'investorOutreach') ? null : planPaused();
}

export const investorResearchAgent: Agent = async (input) => {
  const gated = await investorPlanGate(input);
  if (gated) return gated;
  const { task, memory } = input;
  const profile = memory.context.profile;
  const founder = founderOf(input);
  const known = await knownIdentities(input.db, task.userId);
  let usage = ZERO;
  let found: FoundInvestor[] = [];
  let sample = true;
  let drafts = new Map<string, Draft>();
  let note = '';
  let web = false;

  if (input.ai.mode === 'real') {
    const research = input.ai.research;
    if (research) {
      try {
        const r = await researchOnWeb(input, known, research);
        usage = addUsage(usage, r.usage);
        if (r.found.length) {
          found = r.found;
          web = true;
        } else note = 'The web research found no new investors who match your profile; asked the AI instead.';
      } catch (err) {
        if (!(err instanceof AiError)) throw err;
        note = `The web research failed (${err.message}); asked the AI instead.`;
      }
    }
    try {
      if (!web) {
        const r = await researchWithModel(input, known);
        usage = addUsage(usage, r.usage);
        found = r.found;
        if (!found.length)
          note = joinNotes(
            note,
            'The AI returned no new investors who match your profile; used the sample directory instead.',
          );
      }
      if (found.length) {
        sample = false;
        const d = await draftWithModel(input, found).catch((err: unknown) => {
          if (err instanceof AiError) return { drafts: new Map<string, Draft>(), usage: ZERO };
          throw err;
        });
        usage = addUsage(usage, d.usage);
        drafts = d.drafts;
      }
    } catch (err) {
      if (!(err instanceof AiError)) throw err;
      note = joinNotes(note, `The AI research failed (${err.message}); used the sample directory instead.`);
    }
  }
  if (sample) found = pickSampleInvestors(founder, INVESTORS.researchBatch, (i) => known.has(identityOf(i)));

  const rows: FoundWithDraft[] = found.map((investor) => ({
    investor,
    sample,
    draft: investor.email
      ? (drafts.get(investor.email.toLowerCase()) ??
        templateDraft(profile, investor, fitOf(founder, investor)))
      : null,
  }));
  const withDraft = rows.filter((r) => r.draft).length;
  const summary = found.length
    ? `Found ${found.length} new investor${found.length === 1 ? '' : 's'}${sample ? ' (sample directory: fictional investors)' : web ? ' on the web' : ''} and drafted ${withDraft} email${withDraft === 1 ? '' : 's'} for your approval.`
    : sample && !pickSampleInvestors(founder, 1, () => false).length
      ? 'No investor in the sample directory matches your profile closely enough to write to.'
      : 'No new investors to add: every investor who matches your profile is already in your list.';
  const names = found.map(
    (f) =>
      `${f.name}${f.firm ? ` (${f.firm})` : ''}${founder ? ` — match ${investorMatch(founder, f).score}/100` : ''}`,
  );
  return {
    summary,
    content: [
      `## Investors found`,
      names.length ? bullets(names) : '_None new._',
      withDraft
        ? `\n${withDraft} draft email${withDraft === 1 ? '' : 's'} wait in Email Approvals; nothing is sent until you approve.`
        : '',
      note ? `\n_${note}_` : '',
    ]
      .filter(Boolean)
      .join('\n'),
    data: {
      kind: 'investor_research',
      investors: found.length,
      drafts: withDraft,
      sample,
      /** Found by web research (each sourceUrl a cited page) rather than the model's recall or the sample directory. */
      web,
      note: note || null,
    },
    usage,
    activities: [
      internalActivity(
        'Investor research done',
        summary,
        'Investors who fit your industry and stage answer more often.',
        names.length ? bullets(names.slice(0, 12)) : 'No new investors',
      ),
    ],
    persist: async (tx, at) => {
      await storeFound(tx, task.userId, task.id, rows, at);
    },
  };
};

import { OFFLINE_PRODUCER } from '@cofounder/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOfflineProvider } from '../providers/ai/offline.ts';
import type { AiProvider, ChatRequest } from '../providers/ai/port.ts';
import { startFakeOpenAi, type FakeOpenAi } from '../test/fake-openai.ts';
import { chatCases } from './cases/chat.ts';
import { formatReport, OFFLINE_PASS_THRESHOLD, tally } from './report.ts';
import { ALL_CASES, runSuite } from './suite.ts';

// The eval suite inside npm test: the offline co-founder against every case (what `npm run eval` runs by default).

describe('eval suite, offline', () => {
  it(`has at least 40 cases and the offline co-founder passes ≥ ${OFFLINE_PASS_THRESHOLD * 100} % of them`, { timeout: 120_000 }, async () => {
    expect(ALL_CASES.length).toBeGreaterThanOrEqual(40);
    const results = await runSuite(createOfflineProvider());
    console.log(formatReport(results, OFFLINE_PRODUCER));
    const total = tally(results).at(-1)!;
    expect(total.cases).toBe(ALL_CASES.length);
    expect(total.rate).toBeGreaterThanOrEqual(OFFLINE_PASS_THRESHOLD);
  });

  it('fails the case of a co-founder that quotes the whole message back', { timeout: 60_000 }, async () => {
    const offline = createOfflineProvider();
    const echo = (r: ChatRequest) => `You said: ${r.messages.at(-1)!.content}`;
    const parrot: AiProvider = {
      ...offline,
      producer: 'parrot',
      complete: async (r) => echo(r),
      async *streamChat(r) {
        yield echo(r);
      },
    };
    const longMessage = chatCases.find((c) => c.name.startsWith('a 10,000-character message'))!;
    const [result] = await runSuite(parrot, [longMessage]);
    expect(result!.passed).toBe(false);
    const failed = result!.checks.filter((c) => !c.pass).map((c) => c.name);
    expect(failed).toEqual(expect.arrayContaining(['no quote over 80 chars', 'length 120-3000']));
    expect(formatReport([result!], 'parrot')).toContain('✗ [chat] a 10,000-character message is not quoted back: ');
  });
});

describe("eval suite, a founder's connected model (issue 23)", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());

  it('each founder connects the model in Settings → Model, and it answers them (the server default does not)', { timeout: 60_000 }, async () => {
    fake.reply = 'Hello from the connected model.';
    const [result] = await runSuite(createOfflineProvider(), [chatCases[0]!], {
      kind: 'compatible',
      baseUrl: fake.baseUrl,
      chatModel: 'eval-model',
    });
    const chat = fake.requests.filter((r) => r.body.stream);
    expect(chat).toHaveLength(1);
    expect(chat[0]!.body.model).toBe('eval-model');
    // The reply is graded as the connected model's: labelled with its name, not "offline".
    expect(result!.checks.find((c) => c.name === 'labelled eval-model')?.pass).toBe(true);
  });
});

import { OFFLINE_PRODUCER } from '@cofounder/shared';
import { loadConfig } from '../config.ts';
import { createAiProvider } from '../providers/ai/registry.ts';
import { formatReport, OFFLINE_PASS_THRESHOLD, tally } from './report.ts';
import { runSuite } from './suite.ts';

// `npm run eval`: the eval suite against the provider this environment configures (the offline co-founder unless
// OPENAI_API_KEY is set; OPENAI_BASE_URL and OPENAI_MODEL reach any compatible server, a local Ollama too). It runs
// on an in-memory server and writes nothing but its report to stdout. Exit 1 when offline falls below the bar.

const config = loadConfig(process.env);
const ai = createAiProvider(config);
console.log(`AI: ${ai.describe}`);
const started = Date.now();
const results = await runSuite(ai);
console.log(formatReport(results, ai.producer));
const total = tally(results).at(-1)!;
console.log(`\nTotal: ${total.passed}/${total.cases} = ${(total.rate * 100).toFixed(1)} % in ${((Date.now() - started) / 1000).toFixed(1)} s`);
const offline = ai.producer === OFFLINE_PRODUCER;
if (offline && total.rate < OFFLINE_PASS_THRESHOLD) {
  console.log(`Offline pass rate is below ${OFFLINE_PASS_THRESHOLD * 100} %.`);
  process.exit(1);
}
process.exit(0);

import { parseArgs } from 'node:util';
import { ModelConnectionInput, OFFLINE_PRODUCER } from '@cofounder/shared';
import { loadConfig } from '../config.ts';
import { createAiProvider } from '../providers/ai/registry.ts';
import { formatReport, OFFLINE_PASS_THRESHOLD, tally } from './report.ts';
import { runSuite } from './suite.ts';

// `npm run eval`: the eval suite against the provider this environment configures (the offline co-founder unless
// OPENAI_API_KEY is set; OPENAI_BASE_URL and OPENAI_MODEL reach any compatible server, a local Ollama too), or, with
// --base-url and --model, against a founder's own connected model: every eval founder connects it in Settings →
// Model first (the key, if the server needs one, from EVAL_MODEL_API_KEY: never on the command line). It runs on an
// in-memory server and writes nothing but its report to stdout. Exit 1 when offline falls below the bar.
//
//   npm run eval -- --base-url http://127.0.0.1:11434/v1 --model llama3.2 [--kind local|compatible|openai]

const { values } = parseArgs({
  options: { 'base-url': { type: 'string' }, model: { type: 'string' }, kind: { type: 'string' } },
});
const connection =
  values.model === undefined
    ? undefined
    : ModelConnectionInput.parse({
        kind: values.kind ?? (values['base-url'] ? 'compatible' : 'openai'),
        baseUrl: values['base-url'],
        apiKey: process.env.EVAL_MODEL_API_KEY,
        chatModel: values.model,
      });

const config = loadConfig(process.env);
const ai = createAiProvider(config);
console.log(
  connection
    ? `AI: each founder's own model, ${connection.chatModel} at ${connection.baseUrl ?? 'api.openai.com'} (connected in Settings → Model)`
    : `AI: ${ai.describe}`,
);
const started = Date.now();
const results = await runSuite(ai, undefined, connection);
const producer = connection?.chatModel ?? ai.producer;
console.log(formatReport(results, producer));
const total = tally(results).at(-1)!;
console.log(`\nTotal: ${total.passed}/${total.cases} = ${(total.rate * 100).toFixed(1)} % in ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (producer === OFFLINE_PRODUCER && total.rate < OFFLINE_PASS_THRESHOLD) {
  console.log(`Offline pass rate is below ${OFFLINE_PASS_THRESHOLD * 100} %.`);
  process.exit(1);
}
process.exit(0);

import { PricingBenchmark } from '@cofounder/shared';
import { askAbout, bullets, internalActivity, type Agent } from './agent.ts';

const cell = (v: string | null): string => (v ?? '_to fill_').replace(/\|/g, '/');

/** pricing_benchmark: one row per tool with plan and price (or left to fill, with where to look). */
export const pricingAgent: Agent = async (input) => {
  const { value: b, usage } = await askAbout(
    input,
    'pricing_benchmark',
    PricingBenchmark,
    'Benchmark pricing: one row per tool, as many tools as the task asks for, naming the tools it names. Give a plan and price only when you know them for certain; otherwise set them to null and say where to look.',
  );
  const table = [
    '| Tool | Plan | Price | Notes | Where to look |',
    '| --- | --- | --- | --- | --- |',
    ...b.rows.map((r) => `| ${cell(r.tool)} | ${cell(r.plan)} | ${cell(r.price)} | ${cell(r.notes)} | ${cell(r.whereToLook)} |`),
  ].join('\n');
  const toFill = b.rows.filter((r) => r.price === null).length;
  return {
    summary: b.summary,
    content: `## Pricing benchmark (${b.rows.length} tools)\n\n${table}${b.takeaways.length ? `\n\n## Next\n${bullets(b.takeaways)}` : ''}`,
    data: { kind: 'pricing_benchmark', ...b },
    usage,
    activities: [
      internalActivity(
        'Pricing benchmark prepared',
        b.summary,
        'Knowing what alternatives charge anchors your own price.',
        toFill ? `${b.rows.length} tools, ${toFill} prices to fill` : `${b.rows.length} tools priced`,
      ),
    ],
  };
};

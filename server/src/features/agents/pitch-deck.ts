import { PitchDeckOutline } from '@cofounder/shared';
import { askAbout, internalActivity, type Agent } from './agent.ts';

/** pitch_deck_outline: the slides in order, each with its title and points. */
export const pitchDeckAgent: Agent = async (input) => {
  const { value: d, usage } = await askAbout(
    input,
    'pitch_deck_outline',
    PitchDeckOutline,
    'Outline the pitch deck slide by slide: a title and 1-6 short points each, as many slides as the task asks for (10 when it does not say). Use only facts from the founder\'s profile; mark anything to fill in as [to fill: …].',
  );
  const slides = d.slides
    .map((s, i) => `### ${i + 1}. ${s.title}\n${s.points.map((p) => `- ${p}`).join('\n')}`)
    .join('\n\n');
  return {
    summary: d.summary,
    content: `## Pitch deck outline (${d.slides.length} slides)\n\n${slides}`,
    data: { kind: 'pitch_deck_outline', ...d },
    usage,
    activities: [
      internalActivity('Pitch deck outlined', d.summary, 'A deck written slide by slide shows what is still missing.', `${d.slides.length} slides`),
    ],
  };
};

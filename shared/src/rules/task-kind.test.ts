import { describe, expect, it } from 'vitest';
import { agentForTask, taskKind } from './task-kind.ts';

describe('taskKind: routes a task by its verb and object', () => {
  it.each([
    ['Outline a 10-slide pitch deck for our seed round', 'pitch_deck_outline', 10],
    ['Benchmark the pricing of 5 SaaS tools that compete with us', 'pricing_benchmark', 5],
    ['Set up a sales pipeline with stages and weekly targets', 'sales_pipeline', null],
    ['Draft a cold email to a bakery owner in Lisbon', 'cold_email', null],
    ['Find 20 seed investors in fintech', 'investor_research', 20],
    ['Build a list of 25 investors who back fintech startups', 'investor_research', 25],
    ['Please write three Reddit posts for r/freelance', 'social_posts', 3],
    ['Post about the problem "An app that helps bakeries" solves on Twitter', 'social_posts', null],
    ['Find 10 paying customers among freelance designers', 'prospect_list', 10],
    ['Build a clickable prototype of the core flow', 'build_spec', null],
    ['Write a one-page problem statement and list the assumptions to test', 'research_brief', null],
    ['Analyse 5 competitors: pricing, positioning and weaknesses', 'research_brief', 5],
    ['Email ada@example.com every investor on the list', 'investor_research', null],
  ])('%s → %s', (description, kind, count) => {
    expect(taskKind(description)).toMatchObject({ kind, count });
  });

  it('a keyword outside the object does not decide: a deck for investors is a deck, an email about pricing is an email', () => {
    expect(taskKind('Outline the investor pitch deck').kind).toBe('pitch_deck_outline');
    expect(taskKind('Draft an email to investors about our pricing').kind).toBe('cold_email');
    expect(taskKind('Research what investors look for in a seed deck').kind).toBe('research_brief');
  });

  it('people the task names are prospects: designers, bakeries, agencies', () => {
    expect(taskKind('Find 10 freelance designers who could become our first customers')).toMatchObject({
      kind: 'prospect_list',
      count: 10,
    });
    expect(taskKind('List 20 bakeries in Lisbon to contact')).toMatchObject({
      kind: 'prospect_list',
      count: 20,
    });
    expect(taskKind('Find 5 agencies that resell invoicing tools').kind).toBe('prospect_list');
  });

  it('a second clause ("… and draft intro emails") is not part of the first object', () => {
    expect(taskKind('Research 20 seed investors and draft intro emails')).toMatchObject({
      kind: 'investor_research',
      count: 20,
    });
    expect(taskKind('Find 5 competitors then write a pricing benchmark').kind).toBe('research_brief');
    expect(taskKind('Draft intro emails to 10 angel investors').kind).toBe('cold_email');
  });

  it('says when its words name no kind, so the agent the task was filed under does its own work', () => {
    expect(taskKind('Reply to this activity: great launch!')).toMatchObject({
      kind: 'research_brief',
      named: false,
    });
    expect(taskKind('Write a tweet about our launch').named).toBe(true);
  });

  it('names the agent of each kind: the pitch deck is not investor research', () => {
    expect(agentForTask('Outline a 10-slide pitch deck for our seed round')).toBe('research_agent');
    expect(agentForTask('Find 20 seed investors in fintech')).toBe('investor_outreach_agent');
    expect(agentForTask('Set up a sales pipeline with stages and weekly targets')).toBe('sales_agent');
    expect(agentForTask('Draft 3 tweets about our launch')).toBe('marketing_agent');
    expect(agentForTask('Design the sign-up flow')).toBe('coding_agent');
  });
});

// What other areas may read of the co-founder's settings (they never import the repo: docs/architecture.md "Layers").
export { savedSettingsOf } from './intern-settings.repo.ts';

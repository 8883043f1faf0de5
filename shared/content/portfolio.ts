import { portfolioCards, type PortfolioCard } from './portfolioCards.ts';
import { portfolioStories, type PortfolioStory } from './portfolioStories.ts';

export { portfolioFilters, categoryLabel, type PortfolioCategory, type PortfolioFilter } from './portfolioCards.ts';

// The six built-in portfolio projects with every field of docs/product.md §17.4 (id, slug, title,
// description, about, image, url, client, technologies, category, feedback, problem, solution, impact).
export type PortfolioProject = PortfolioCard & PortfolioStory;

export const portfolio: readonly PortfolioProject[] = portfolioCards.map((card) => {
  const story = portfolioStories[card.slug];
  if (!story) throw new Error(`Portfolio project ${card.slug} has no story`);
  return { ...card, ...story };
});

export function projectBySlug(slug: string): PortfolioProject | undefined {
  return portfolio.find((p) => p.slug === slug);
}

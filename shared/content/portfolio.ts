// The six built-in portfolio projects (spec.md section 3). Content is filled in per project.
export type PortfolioCategory = 'web' | 'mobile' | 'e-commerce' | 'nonprofit';

export interface PortfolioProject {
  id: number;
  slug: string;
  title: string;
  description: string;
  about: string;
  image: string;
  url: string;
  client: string;
  technologies: string[];
  category: PortfolioCategory;
  feedback: string;
  problem: string;
  solution: string;
  impact: string;
}

export const portfolio: readonly PortfolioProject[] = [];

export function projectBySlug(slug: string): PortfolioProject | undefined {
  return portfolio.find((p) => p.slug === slug);
}

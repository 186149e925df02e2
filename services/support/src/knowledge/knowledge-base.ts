import MiniSearch from 'minisearch';
import type { Language } from '../language.js';
import { helpArticles, type HelpArticle } from './articles.js';
import { searchTerm } from './text-terms.js';

interface ArticleDoc {
  id: string;
  articleId: string;
  language: Language;
  title: string;
  body: string;
  steps: string;
  keywords: string;
}

export interface KnowledgeHit {
  article: HelpArticle;
  score: number;
}

export interface KnowledgeBase {
  /** The articles that best match a question, best first (each article once). */
  search(question: string, language: Language, limit?: number): KnowledgeHit[];
  byId(id: string): HelpArticle | undefined;
}

/**
 * Full-text search over the help articles in both languages (MiniSearch: BM25 ranking, prefix
 * and fuzzy matching, accents folded), so "contrasena", "contraseñas" and "password" find the
 * same article. A question in either language finds the article; the reader's language wins a
 * tie.
 */
export function createKnowledgeBase(
  articles: readonly HelpArticle[] = helpArticles,
): KnowledgeBase {
  const index = new MiniSearch<ArticleDoc>({
    fields: ['title', 'body', 'steps', 'keywords'],
    storeFields: ['articleId', 'language'],
    processTerm: searchTerm,
    searchOptions: {
      boost: { title: 3, keywords: 3, steps: 1, body: 1 },
      prefix: (term) => term.length > 3,
      fuzzy: (term) => (term.length > 5 ? 0.2 : false),
      combineWith: 'OR',
    },
  });
  index.addAll(
    articles.flatMap((article) =>
      (['es', 'en'] as const).map((language) => ({
        id: `${article.id}:${language}`,
        articleId: article.id,
        language,
        title: article[language].title,
        body: article[language].body,
        steps: article[language].steps.join(' '),
        keywords: article.keywords.join(' '),
      })),
    ),
  );
  const byId = new Map(articles.map((a) => [a.id, a]));

  return {
    search(question, language, limit = 3) {
      const best = new Map<string, number>();
      for (const result of index.search(question)) {
        const articleId = result.articleId as string;
        // The reader's own language counts a little more, so ties go to it.
        const score = result.score * (result.language === language ? 1.1 : 1);
        best.set(articleId, Math.max(best.get(articleId) ?? 0, score));
      }
      return [...best]
        .sort((a, b) => b[1] - a[1])
        .slice(0, limit)
        .map(([id, score]) => ({ article: byId.get(id)!, score }));
    },
    byId: (id) => byId.get(id),
  };
}

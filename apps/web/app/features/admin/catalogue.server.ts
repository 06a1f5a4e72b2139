/** What the product screens choose from: categories with sub-categories, brands, features with options. */
import type { Pagination } from '@pool/contracts/core';
import type { adminApi } from './admin-api.server.ts';

type Api = Awaited<ReturnType<typeof adminApi>>;
type Named = { id: number; name: string };

export type Choices = {
  categories: (Named & { sub_categories: Named[] })[];
  brands: Named[];
};

export type FeatureChoice = {
  id: number;
  name_ar: string;
  name_en: string;
  options: { id: number; name_ar: string; name_en: string }[];
};

/** The store's (active) categories and brands, in Arabic. */
export async function catalogueChoices(api: Api): Promise<Choices> {
  const [categories, brands] = await Promise.all([
    api.site<Named & { sub_categories: Named[] }>('/user/store/categories'),
    api.site<Named>('/user/store/brands'),
  ]);
  return { categories, brands };
}

/** Every feature with its options (the list is paged; there are few). */
export async function featureChoices(api: Api): Promise<FeatureChoice[]> {
  const all: FeatureChoice[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data, pagination } = await api.read<{ data: FeatureChoice[]; pagination: Pagination }>('/features', {
      page: String(page),
    });
    all.push(...data);
    if (page >= pagination.total_pages) break;
  }
  return all;
}

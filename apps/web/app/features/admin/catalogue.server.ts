/** What the product screens choose from: categories with sub-categories, brands, features with options. */
import { listOrEmpty, must, type AdminApi } from './admin-api.server.ts';

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
export async function catalogueChoices(api: AdminApi): Promise<Choices> {
  const [categories, brands] = await Promise.all([
    listOrEmpty(api.anonymous.GET('/api/user/store/categories')),
    listOrEmpty(api.anonymous.GET('/api/user/store/brands')),
  ]);
  return { categories, brands };
}

/** Every feature with its options (the list is paged; there are few). */
export async function featureChoices(api: AdminApi): Promise<FeatureChoice[]> {
  const all: FeatureChoice[] = [];
  for (let page = 1; page <= 20; page++) {
    const { data, pagination } = must(await api.GET('/api/admin/features', { params: { query: { page } } }));
    all.push(...data);
    if (page >= pagination.total_pages) break;
  }
  return all;
}

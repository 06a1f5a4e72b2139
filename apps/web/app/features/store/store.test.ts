import { describe, expect, it } from 'vitest';
import { apiQuery, filtersSearch, readFilters, withChanges } from './filters.ts';
import { slugify } from '@pool/contracts/core';
import { parseDetails, productDetails, productHref } from './paths.ts';
import {
  choose,
  clampQuantity,
  findVariant,
  initialVariant,
  optionState,
  selectionOf,
  typedQuantity,
} from './variants.ts';

describe('store addresses', () => {
  it('slugs English names and keeps the id first', () => {
    expect(slugify('Hayward Super Pump 1.5 HP — Café & Spa')).toBe('hayward-super-pump-1-5-hp-cafe-and-spa');
    expect(slugify('مضخة')).toBe('');
    expect(slugify('a '.repeat(100)).length).toBeLessThanOrEqual(80);
  });

  it('links a product the API sent to its canonical page by its slug', () => {
    expect(productHref({ id: 12, slug: 'pool-pump' })).toBe('/online_store/12-pool-pump');
    expect(productHref({ id: 12, slug: '' })).toBe('/online_store/12');
    expect(productDetails({ id: 12, slug: slugify('Pool Pump') })).toBe('12-pool-pump');
    expect(productDetails({ id: 12, slug: slugify('مضخة') })).toBe('12');
  });

  it('reads the id of a details segment', () => {
    expect(parseDetails('12-pool-pump')).toBe(12);
    expect(parseDetails('12')).toBe(12);
    expect(parseDetails('0')).toBeNull();
    expect(parseDetails('pump-12')).toBeNull();
    expect(parseDetails('99999999999')).toBeNull();
    expect(parseDetails(undefined)).toBeNull();
  });
});

describe('store filters', () => {
  it('round-trips through the address and drops what is invalid', () => {
    const f = readFilters(
      new URLSearchParams('q=%20مضخه%20&category=3&sub=7&brand=x&min=10.5&max=abc&available=1&sort=price_desc&page=2'),
    );
    expect(f).toMatchObject({ q: 'مضخه', category: 3, sub: 7, brand: null, min: '10.5', max: '', available: true });
    expect(f.sort).toBe('price_desc');
    expect(filtersSearch(f)).toBe(
      `?q=${encodeURIComponent('مضخه')}&category=3&sub=7&min=10.5&available=1&sort=price_desc&page=2`,
    );
    expect(readFilters(new URLSearchParams('sort=cheapest&page=-3')).sort).toBe('newest');
  });

  it('sorts a search by relevance unless another sort is chosen (issue 12)', () => {
    const searching = readFilters(new URLSearchParams('q=سلم'));
    expect(searching.sort).toBe('relevance');
    expect(filtersSearch(searching)).toBe(`?q=${encodeURIComponent('سلم')}`);
    expect(withChanges(readFilters(new URLSearchParams('')), { q: 'ladder' }).sort).toBe('relevance');
    expect(withChanges(searching, { q: '' }).sort).toBe('newest');
    const cheapest = readFilters(new URLSearchParams('q=سلم&sort=price_asc'));
    expect(withChanges(cheapest, { q: 'ladder' }).sort).toBe('price_asc');
    expect(filtersSearch(readFilters(new URLSearchParams('sort=relevance')))).toBe('?sort=relevance');
    expect(apiQuery(searching)).toEqual({ q: 'سلم', sort: 'relevance', page: 1 });
  });

  it('goes back to page 1 on a change and drops the sub-category with its category', () => {
    const f = readFilters(new URLSearchParams('category=3&sub=7&page=4'));
    expect(withChanges(f, { brand: 2 })).toMatchObject({ page: 1, category: 3, sub: 7, brand: 2 });
    expect(withChanges(f, { category: 5 })).toMatchObject({ category: 5, sub: null });
    expect(withChanges(f, { page: 5 }).page).toBe(5);
  });

  it('asks the API in halalas, a reversed range put right', () => {
    const f = readFilters(new URLSearchParams('min=500&max=20.25&discounted=true&category=1'));
    expect(apiQuery(f)).toEqual({
      sort: 'newest',
      page: 1,
      category_id: 1,
      price_min: 2025,
      price_max: 50000,
      discounted: '1',
    });
  });
});

describe('choosing a variant', () => {
  // Size (feature 1: S=10, L=11) x colour (feature 2: blue=20, white=21); L/white is not sold, S/white is sold out.
  const v = (id: number, size: number, colour: number, stock: number, is_main = false) => ({
    id,
    stock,
    is_main,
    options: [
      { feature_id: 1, option_id: size, name: '' },
      { feature_id: 2, option_id: colour, name: '' },
    ],
  });
  const variants = [v(1, 10, 20, 5), v(2, 10, 21, 0), v(3, 11, 20, 2, true)];

  it('finds the group of a selection', () => {
    expect(findVariant(variants, { 1: 11, 2: 20 })?.id).toBe(3);
    expect(findVariant(variants, { 1: 11, 2: 21 })).toBeUndefined();
    expect(selectionOf(variants[1])).toEqual({ 1: 10, 2: 21 });
  });

  it('disables combinations that are not sold and marks sold-out ones', () => {
    const large = selectionOf(variants[2]);
    expect(optionState(variants, large, 2, 21)).toBe('none');
    expect(optionState(variants, selectionOf(variants[0]), 2, 21)).toBe('sold_out');
    expect(optionState(variants, large, 1, 10)).toBe('available');
  });

  it('moves to a group that has the chosen option', () => {
    expect(choose(variants, { 1: 10, 2: 21 }, 1, 11)?.id).toBe(3);
    expect(choose(variants, { 1: 11, 2: 20 }, 2, 21)?.id).toBe(2);
  });

  it('starts from the requested group, else the main one', () => {
    expect(initialVariant(variants, 2, 3)?.id).toBe(2);
    expect(initialVariant(variants, 99, 3)?.id).toBe(3);
    expect(initialVariant(variants, null, null)?.id).toBe(3);
  });
});

describe('the quantity field', () => {
  it('reads what is typed, Arabic digits too, kept between 1 and the stock', () => {
    expect(typedQuantity('2', 5)).toBe(2);
    expect(typedQuantity('٣', 5)).toBe(3);
    expect(typedQuantity('۴', 5)).toBe(4);
    expect(typedQuantity('12', 5)).toBe(5);
    expect(typedQuantity('0', 5)).toBe(1);
    expect(typedQuantity('-3', 9)).toBe(3);
    expect(typedQuantity('9'.repeat(30), 7)).toBe(7);
    expect(typedQuantity('', 5)).toBeNull();
    expect(typedQuantity('abc', 5)).toBeNull();
  });

  it('keeps a step within 1 and the stock, and at 1 when none is left', () => {
    expect(clampQuantity(0, 3)).toBe(1);
    expect(clampQuantity(4, 3)).toBe(3);
    expect(clampQuantity(2, 3)).toBe(2);
    expect(clampQuantity(2, 0)).toBe(1);
  });
});

#!/bin/bash
# The peer row of issue 13: a Medusa v2 server (from the npm registry, never committed here) on the same
# PostgreSQL with 20,000 products in one sales channel, for `npm run bench` with BENCH_MEDUSA_URL and
# BENCH_MEDUSA_PUBLISHABLE_KEY. Usage: bench/medusa-peer.sh [dir, default /tmp/medusa-peer]; then
#   BENCH_MEDUSA_URL=http://127.0.0.1:3960 BENCH_MEDUSA_PUBLISHABLE_KEY=$(cat <dir>/publishable-key.txt) npm run bench
# Needs PEER_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432, database medusa_peer, recreated).
set -euo pipefail
DIR=${1:-/tmp/medusa-peer}
PG=${PEER_DATABASE_URL:-postgres://postgres@127.0.0.1:5432}
VERSION=${MEDUSA_VERSION:-2.21.2}
PRODUCTS=${PEER_PRODUCTS:-20000}
PORT=${PEER_PORT:-3960}
mkdir -p "$DIR/src/scripts"
cd "$DIR"
cat > package.json <<JSON
{ "name": "medusa-peer", "private": true, "version": "0.0.0",
  "dependencies": { "@medusajs/medusa": "$VERSION", "@medusajs/framework": "$VERSION", "@medusajs/cli": "$VERSION" } }
JSON
cat > medusa-config.js <<'JS'
const { defineConfig } = require('@medusajs/framework/utils');
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: '*', adminCors: '*', authCors: '*', jwtSecret: 'bench-secret', cookieSecret: 'bench-secret' },
  },
  admin: { disable: true },
});
JS
cat > src/scripts/seed.js <<'JS'
// 20,000 published products (one option, one variant, no inventory), linked to the "Bench" sales channel
// of a publishable key, through Medusa's own product, sales-channel and api-key modules, 1,000 at a time.
const { Modules, ContainerRegistrationKeys } = require('@medusajs/framework/utils');
const { writeFileSync } = require('node:fs');
const NOUNS = ['pump', 'filter', 'heater', 'chlorine', 'robot cleaner', 'spotlight', 'ladder', 'cover'];
const ADJS = ['Aqua', 'Pro', 'Max', 'Eco', 'Super', 'Ultra'];
exports.default = async function seed({ container }) {
  const count = Number(process.env.PEER_PRODUCTS || 20000);
  const first = Number(process.env.PEER_FROM || 1);
  const product = container.resolve(Modules.PRODUCT);
  const sc = container.resolve(Modules.SALES_CHANNEL);
  const apiKey = container.resolve(Modules.API_KEY);
  const link = container.resolve(ContainerRegistrationKeys.LINK);
  let [channel] = await sc.listSalesChannels({ name: 'Bench' });
  if (!channel) {
    [channel] = await sc.createSalesChannels([{ name: 'Bench' }]);
    const [key] = await apiKey.createApiKeys([{ title: 'bench', type: 'publishable', created_by: 'bench' }]);
    await link.create({ [Modules.API_KEY]: { publishable_key_id: key.id }, [Modules.SALES_CHANNEL]: { sales_channel_id: channel.id } });
    writeFileSync(`${process.cwd()}/publishable-key.txt`, key.token);
  }
  const started = Date.now();
  for (let from = first; from <= count; from += 1000) {
    const batch = [];
    for (let i = from; i < Math.min(from + 1000, count + 1); i++) {
      batch.push({
        title: `${ADJS[Math.floor(i / 8) % 6]} ${NOUNS[i % 8]} ${i}`,
        handle: `bench-${i}`,
        status: 'published',
        description: `About the ${NOUNS[i % 8]}`,
        options: [{ title: 'Size', values: ['One'] }],
        variants: [{ title: 'One', sku: `BENCH-${i}`, options: { Size: 'One' }, manage_inventory: false }],
      });
    }
    const made = await product.createProducts(batch);
    await link.create(made.map((p) => ({ [Modules.PRODUCT]: { product_id: p.id }, [Modules.SALES_CHANNEL]: { sales_channel_id: channel.id } })));
    console.log(`${from + batch.length - 1} products, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
};
JS
npm install --no-audit --no-fund --ignore-scripts
psql "$PG/postgres" -c 'drop database if exists medusa_peer' -c 'create database medusa_peer'
export DATABASE_URL="$PG/medusa_peer"
npx medusa db:migrate
PEER_PRODUCTS=$PRODUCTS npx medusa exec ./src/scripts/seed.js
echo "publishable key: $(cat publishable-key.txt)"
NODE_ENV=production PORT=$PORT exec npx medusa start

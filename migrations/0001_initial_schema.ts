// Initial schema: every entity of the storefront and dashboard specs. Never edit once landed.
// PostgreSQL runs the same steps through src/server/db/dialect.ts (decision 140); the SQL it sends to SQLite is
// exactly what it sent before that branch existed.
import { type Kysely, sql } from 'kysely';
import { autoId, createCaseInsensitiveUniqueIndex, nowIso } from '#server/db/dialect';

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowIso(db);
  const id = autoId(db);
  await db.schema
    .createTable('roles')
    .addColumn('role_id', 'integer', (c) => c.primaryKey())
    .addColumn('role_name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('user_id', 'integer', id)
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('password_hash', 'text')
    .addColumn('role_id', 'integer', (c) => c.notNull().defaultTo(1).references('roles.role_id'))
    .addColumn('about_me', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  // Emails are unique regardless of case.
  await createCaseInsensitiveUniqueIndex(db, 'users_email_nocase', 'users', 'email');
  await db.schema.createIndex('users_role_id').on('users').column('role_id').execute();

  await db.schema
    .createTable('social_accounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('provider_uid', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('social_accounts_pk', ['provider', 'provider_uid'])
    .execute();
  await db.schema.createIndex('social_accounts_user_id').on('social_accounts').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('refresh_token_id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('family_id', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('replaced_by_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('refresh_tokens_user_id').on('refresh_tokens').column('user_id').execute();
  await db.schema.createIndex('refresh_tokens_family_id').on('refresh_tokens').column('family_id').execute();

  await db.schema
    .createTable('main_categories')
    .addColumn('main_category_id', 'integer', (c) => c.primaryKey())
    .addColumn('main_category_name', 'text', (c) => c.notNull().unique())
    .execute();

  await db.schema
    .createTable('categories')
    .addColumn('category_id', 'integer', id)
    .addColumn('category_name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('main_category_id', 'integer', (c) => c.notNull().references('main_categories.main_category_id'))
    .execute();
  await db.schema.createIndex('categories_main_category_id').on('categories').column('main_category_id').execute();

  await db.schema
    .createTable('colors')
    .addColumn('color_id', 'integer', id)
    .addColumn('color_name', 'text', (c) => c.notNull())
    .addColumn('hex_code', 'text', (c) => c.notNull())
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'colors_name_nocase', 'colors', 'color_name');

  await db.schema
    .createTable('sizes')
    .addColumn('size_id', 'integer', id)
    .addColumn('size_name', 'text', (c) => c.notNull())
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'sizes_name_nocase', 'sizes', 'size_name');

  await db.schema
    .createTable('events')
    .addColumn('event_id', 'integer', id)
    .addColumn('event_name', 'text', (c) => c.notNull())
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'events_name_nocase', 'events', 'event_name');

  await db.schema
    .createTable('products')
    .addColumn('product_id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('barcode', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('brand', 'text')
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category_id', 'integer', (c) => c.notNull().references('categories.category_id'))
    .addColumn('price_cents', 'integer', (c) => c.notNull().check(sql`price_cents >= 0`))
    .addColumn('is_featured', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('date_added', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addColumn('updated_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('products_category_id').on('products').column('category_id').execute();
  await db.schema.createIndex('products_is_featured').on('products').column('is_featured').execute();
  await db.schema.createIndex('products_date_added').on('products').columns(['date_added', 'product_id']).execute();
  await db.schema.createIndex('products_barcode').on('products').column('barcode').execute();

  await db.schema
    .createTable('product_variants')
    .addColumn('variant_id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('size_id', 'integer', (c) => c.notNull().references('sizes.size_id'))
    .addColumn('color_id', 'integer', (c) => c.notNull().references('colors.color_id'))
    .addColumn('stock_quantity', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`stock_quantity >= 0`),
    )
    .addUniqueConstraint('product_variants_product_size_color', ['product_id', 'size_id', 'color_id'])
    .execute();
  await db.schema.createIndex('product_variants_size_id').on('product_variants').column('size_id').execute();
  await db.schema.createIndex('product_variants_color_id').on('product_variants').column('color_id').execute();

  await db.schema
    .createTable('product_images')
    .addColumn('image_id', 'integer', id)
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('color_id', 'integer', (c) => c.notNull().references('colors.color_id'))
    .addColumn('file_name', 'text', (c) => c.notNull().unique())
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('product_images_product_color')
    .on('product_images')
    .columns(['product_id', 'color_id', 'sort_order'])
    .execute();
  await db.schema.createIndex('product_images_color_id').on('product_images').column('color_id').execute();

  await db.schema
    .createTable('product_events')
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('event_id', 'integer', (c) => c.notNull().references('events.event_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_events_pk', ['product_id', 'event_id'])
    .execute();
  await db.schema.createIndex('product_events_event_id').on('product_events').column('event_id').execute();

  await db.schema
    .createTable('countries')
    .addColumn('country_id', 'integer', id)
    .addColumn('country_name', 'text', (c) => c.notNull())
    .addColumn('shipping_price_cents', 'integer', (c) => c.notNull().check(sql`shipping_price_cents >= 0`))
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'countries_name_nocase', 'countries', 'country_name');

  await db.schema
    .createTable('wishlist_items')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addPrimaryKeyConstraint('wishlist_items_pk', ['user_id', 'product_id'])
    .execute();
  await db.schema.createIndex('wishlist_items_product_id').on('wishlist_items').column('product_id').execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('cart_item_id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) =>
      c.notNull().references('product_variants.variant_id').onDelete('cascade'),
    )
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint('cart_items_user_variant', ['user_id', 'variant_id'])
    .execute();
  await db.schema.createIndex('cart_items_variant_id').on('cart_items').column('variant_id').execute();

  await db.schema
    .createTable('product_discounts')
    .addColumn('product_discount_id', 'integer', id)
    .addColumn('discount_percentage', 'integer', (c) => c.notNull().check(sql`discount_percentage BETWEEN 1 AND 100`))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema
    .createIndex('product_discounts_dates')
    .on('product_discounts')
    .columns(['start_date', 'end_date'])
    .execute();

  await db.schema
    .createTable('product_discount_products')
    .addColumn('product_discount_id', 'integer', (c) =>
      c.notNull().references('product_discounts.product_discount_id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('product_discount_products_pk', ['product_discount_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('product_discount_products_product_id')
    .on('product_discount_products')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('promo_codes')
    .addColumn('promo_code_discount_id', 'integer', id)
    .addColumn('code_name', 'text', (c) => c.notNull())
    .addColumn('discount_percentage', 'integer', (c) => c.notNull().check(sql`discount_percentage BETWEEN 1 AND 100`))
    .addColumn('start_date', 'text', (c) => c.notNull())
    .addColumn('end_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await createCaseInsensitiveUniqueIndex(db, 'promo_codes_code_nocase', 'promo_codes', 'code_name');

  await db.schema
    .createTable('promo_code_products')
    .addColumn('promo_code_discount_id', 'integer', (c) =>
      c.notNull().references('promo_codes.promo_code_discount_id').onDelete('cascade'),
    )
    .addColumn('product_id', 'integer', (c) => c.notNull().references('products.product_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('promo_code_products_pk', ['promo_code_discount_id', 'product_id'])
    .execute();
  await db.schema
    .createIndex('promo_code_products_product_id')
    .on('promo_code_products')
    .column('product_id')
    .execute();

  await db.schema
    .createTable('orders')
    .addColumn('order_id', 'integer', id)
    .addColumn('user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .addColumn('guest_id', 'text')
    .addColumn('order_date', 'text', (c) => c.notNull())
    .addColumn('order_ship_date', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status IN ('pending','delivered')`),
    )
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone_number', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('zip_code', 'text', (c) => c.notNull())
    .addColumn('country_id', 'integer', (c) => c.references('countries.country_id').onDelete('set null'))
    .addColumn('country_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('subtotal_cents', 'integer', (c) => c.notNull())
    .addColumn('discount_cents', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('shipping_cost_cents', 'integer', (c) => c.notNull())
    .addColumn('total_cents', 'integer', (c) => c.notNull())
    .addColumn('promo_code_discount_id', 'integer', (c) =>
      c.references('promo_codes.promo_code_discount_id').onDelete('set null'),
    )
    .addColumn('promo_code', 'text')
    .addColumn('promo_percentage', 'integer')
    .addColumn('idempotency_key', 'text')
    .addColumn('created_by_user_id', 'integer', (c) => c.references('users.user_id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('orders_status_date').on('orders').columns(['status', 'order_date']).execute();
  await db.schema.createIndex('orders_order_date').on('orders').column('order_date').execute();
  await db.schema.createIndex('orders_user_id').on('orders').column('user_id').execute();
  await db.schema.createIndex('orders_country_id').on('orders').column('country_id').execute();
  await db.schema.createIndex('orders_promo_code_discount_id').on('orders').column('promo_code_discount_id').execute();
  await db.schema.createIndex('orders_created_by_user_id').on('orders').column('created_by_user_id').execute();
  await sql`CREATE UNIQUE INDEX orders_idempotency_key ON orders (idempotency_key) WHERE idempotency_key IS NOT NULL`.execute(
    db,
  );

  await db.schema
    .createTable('order_details')
    .addColumn('order_details_id', 'integer', id)
    .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.order_id').onDelete('cascade'))
    .addColumn('variant_id', 'integer', (c) => c.references('product_variants.variant_id').onDelete('set null'))
    .addColumn('product_id', 'integer', (c) => c.references('products.product_id').onDelete('set null'))
    .addColumn('product_name', 'text', (c) => c.notNull())
    .addColumn('color', 'text', (c) => c.notNull())
    .addColumn('size', 'text', (c) => c.notNull())
    .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('quantity', 'integer', (c) => c.notNull().check(sql`quantity >= 1`))
    .addColumn('unit_price_cents', 'integer', (c) => c.notNull())
    .addColumn('line_total_cents', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('order_details_order_id').on('order_details').column('order_id').execute();
  await db.schema.createIndex('order_details_variant_id').on('order_details').column('variant_id').execute();
  await db.schema.createIndex('order_details_product_id').on('order_details').column('product_id').execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('contact_id', 'integer', id)
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('is_replied', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex('contact_messages_created_at').on('contact_messages').column('created_at').execute();

  await db.schema
    .createTable('app_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  await db
    .insertInto('roles')
    .values([
      { role_id: 1, role_name: 'Klient' },
      { role_id: 2, role_name: 'Staf' },
      { role_id: 3, role_name: 'Administrator' },
    ])
    .execute();
  await db
    .insertInto('main_categories')
    .values([
      { main_category_id: 1, main_category_name: 'Produktet' },
      { main_category_id: 2, main_category_name: 'Glow Outlet' },
    ])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'app_settings',
    'contact_messages',
    'order_details',
    'orders',
    'promo_code_products',
    'promo_codes',
    'product_discount_products',
    'product_discounts',
    'cart_items',
    'wishlist_items',
    'countries',
    'product_events',
    'product_images',
    'product_variants',
    'products',
    'events',
    'sizes',
    'colors',
    'categories',
    'main_categories',
    'refresh_tokens',
    'social_accounts',
    'users',
    'roles',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}

-- Property and room content in four languages (issue 15, docs/decisions/0023-content-in-four-languages.md,
-- docs/behaviour.md §13).
--
-- 1. A property's texts in Spanish, Portuguese and English, beside its own name, description and location — which
--    are its French texts, required. Existing properties keep their texts as their French ones, untranslated.
ALTER TABLE "properties" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
ALTER TABLE "properties" ADD CONSTRAINT "properties_translations_check" CHECK (jsonb_typeof("properties"."translations") = 'object');
--> statement-breakpoint
-- 2. A room's amenities are vocabulary keys (packages/i18n/locales/*/amenities.json, as they were at this migration)
--    or free text. A free-text amenity that reads as a word of the vocabulary in any of the four languages — ignoring
--    case, spaces, hyphens, dots and apostrophes ("Wi-Fi", "wifi", "Terrasse", "Air conditioning") — becomes its key;
--    any other stays as written. The order is kept; an amenity listed twice (as two words of one key) is kept once.
WITH "words" ("key", "word") AS (
  VALUES
    ('wifi', 'Wi-Fi'),
    ('kitchen', 'Cuisine'), ('kitchen', 'Cocina'), ('kitchen', 'Cozinha'), ('kitchen', 'Kitchen'),
    ('shared_kitchen', 'Cuisine partagée'), ('shared_kitchen', 'Cocina compartida'), ('shared_kitchen', 'Cozinha partilhada'), ('shared_kitchen', 'Shared kitchen'),
    ('kitchenette', 'Kitchenette'), ('kitchenette', 'Cocina americana'),
    ('private_bathroom', 'Salle de bain privée'), ('private_bathroom', 'Baño privado'), ('private_bathroom', 'Casa de banho privativa'), ('private_bathroom', 'Private bathroom'),
    ('shared_bathroom', 'Salle de bain partagée'), ('shared_bathroom', 'Baño compartido'), ('shared_bathroom', 'Casa de banho partilhada'), ('shared_bathroom', 'Shared bathroom'),
    ('washing_machine', 'Lave-linge'), ('washing_machine', 'Lavadora'), ('washing_machine', 'Máquina de lavar roupa'), ('washing_machine', 'Washing machine'),
    ('dryer', 'Sèche-linge'), ('dryer', 'Secadora'), ('dryer', 'Máquina de secar roupa'), ('dryer', 'Tumble dryer'),
    ('laundry_room', 'Laverie'), ('laundry_room', 'Lavandería'), ('laundry_room', 'Lavandaria'), ('laundry_room', 'Laundry room'),
    ('dishwasher', 'Lave-vaisselle'), ('dishwasher', 'Lavavajillas'), ('dishwasher', 'Máquina de lavar loiça'), ('dishwasher', 'Dishwasher'),
    ('fridge', 'Réfrigérateur'), ('fridge', 'Frigorífico'), ('fridge', 'Fridge'),
    ('microwave', 'Micro-ondes'), ('microwave', 'Microondas'), ('microwave', 'Micro-ondas'), ('microwave', 'Microwave'),
    ('desk', 'Bureau'), ('desk', 'Escritorio'), ('desk', 'Secretária'), ('desk', 'Desk'),
    ('wardrobe', 'Armoire'), ('wardrobe', 'Armario'), ('wardrobe', 'Roupeiro'), ('wardrobe', 'Wardrobe'),
    ('double_bed', 'Lit double'), ('double_bed', 'Cama de matrimonio'), ('double_bed', 'Cama de casal'), ('double_bed', 'Double bed'),
    ('bed_linen', 'Linge de lit'), ('bed_linen', 'Ropa de cama'), ('bed_linen', 'Roupa de cama'), ('bed_linen', 'Bed linen'),
    ('towels', 'Serviettes'), ('towels', 'Toallas'), ('towels', 'Toalhas'), ('towels', 'Towels'),
    ('heating', 'Chauffage'), ('heating', 'Calefacción'), ('heating', 'Aquecimento'), ('heating', 'Heating'),
    ('air_conditioning', 'Climatisation'), ('air_conditioning', 'Aire acondicionado'), ('air_conditioning', 'Ar condicionado'), ('air_conditioning', 'Air conditioning'),
    ('fan', 'Ventilateur'), ('fan', 'Ventilador'), ('fan', 'Ventoinha'), ('fan', 'Fan'),
    ('tv', 'Télévision'), ('tv', 'Televisión'), ('tv', 'Televisão'), ('tv', 'TV'),
    ('iron', 'Fer à repasser'), ('iron', 'Plancha'), ('iron', 'Ferro de engomar'), ('iron', 'Iron'),
    ('hair_dryer', 'Sèche-cheveux'), ('hair_dryer', 'Secador de pelo'), ('hair_dryer', 'Secador de cabelo'), ('hair_dryer', 'Hair dryer'),
    ('balcony', 'Balcon'), ('balcony', 'Balcón'), ('balcony', 'Varanda'), ('balcony', 'Balcony'),
    ('terrace', 'Terrasse'), ('terrace', 'Terraza'), ('terrace', 'Terraço'), ('terrace', 'Terrace'),
    ('roof_terrace', 'Toit-terrasse'), ('roof_terrace', 'Azotea'), ('roof_terrace', 'Terraço na cobertura'), ('roof_terrace', 'Roof terrace'),
    ('garden', 'Jardin'), ('garden', 'Jardín'), ('garden', 'Jardim'), ('garden', 'Garden'),
    ('garden_view', 'Vue jardin'), ('garden_view', 'Vistas al jardín'), ('garden_view', 'Vista para o jardim'), ('garden_view', 'Garden view'),
    ('river_view', 'Vue sur le fleuve'), ('river_view', 'Vistas al río'), ('river_view', 'Vista para o rio'), ('river_view', 'River view'),
    ('parking', 'Parking'), ('parking', 'Aparcamiento'), ('parking', 'Estacionamento'),
    ('bicycle', 'Vélo'), ('bicycle', 'Bicicleta'), ('bicycle', 'Bicycle'),
    ('lift', 'Ascenseur'), ('lift', 'Ascensor'), ('lift', 'Elevador'), ('lift', 'Lift'),
    ('door_lock', 'Serrure à la porte'), ('door_lock', 'Cerradura en la puerta'), ('door_lock', 'Fechadura na porta'), ('door_lock', 'Lock on the door'),
    ('weekly_cleaning', 'Ménage hebdomadaire'), ('weekly_cleaning', 'Limpieza semanal'), ('weekly_cleaning', 'Limpeza semanal'), ('weekly_cleaning', 'Weekly cleaning'),
    ('non_smoking', 'Non-fumeur'), ('non_smoking', 'Para no fumadores'), ('non_smoking', 'Para não fumadores'), ('non_smoking', 'Non-smoking'),
    ('step_free_access', 'Accès sans marche'), ('step_free_access', 'Acceso sin escalones'), ('step_free_access', 'Acesso sem degraus'), ('step_free_access', 'Step-free access')
), "vocabulary" AS (
  SELECT DISTINCT "key", regexp_replace(lower("word"), '[[:space:]._''’-]+', '', 'g') AS "folded" FROM "words"
)
UPDATE "rooms" SET "amenities" = (
  SELECT coalesce(jsonb_agg("item" ORDER BY "first"), '[]'::jsonb)
  FROM (
    SELECT "item", min("position") AS "first"
    FROM (
      SELECT coalesce("vocabulary"."key", "listed"."value") AS "item", "listed"."position"
      FROM jsonb_array_elements_text("rooms"."amenities") WITH ORDINALITY AS "listed" ("value", "position")
      LEFT JOIN "vocabulary" ON "vocabulary"."folded" = regexp_replace(lower(btrim("listed"."value")), '[[:space:]._''’-]+', '', 'g')
    ) AS "mapped"
    GROUP BY "item"
  ) AS "kept"
)
WHERE jsonb_typeof("rooms"."amenities") = 'array' AND jsonb_array_length("rooms"."amenities") > 0;

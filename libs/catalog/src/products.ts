import { z } from 'zod';
import { currency, type CatalogLocale, type Currency } from './money.js';
import type { ToolDestination } from './tool-destination.js';

/** Product ids in catalogue order (spec section 3). The order is what the pages show. */
export const productIds = [
  'generador-sermones',
  'manual-ceremonias',
  'mensajes-expositivos',
  'comentario-exegetico',
  'epistolas-pablo',
  'apocalipsis',
  'cantar-cantares',
  'capacitacion-biblica',
  'diccionario-biblico',
  'estudios-biblicos-profundos',
  'antiguo-testamento-hebreo',
  'nuevo-testamento-griego',
  'que-dice-la-biblia',
  'capacitacion-practica-fe',
] as const;

export type ProductId = (typeof productIds)[number];
export const productIdSchema = z.enum(productIds);

export const PRODUCT_PRICE_CENTS = 999;

export interface Product {
  readonly id: ProductId;
  readonly name: string;
  readonly nameEn: string;
  readonly description: string;
  readonly descriptionEn: string;
  /** Four selling points; the first is always lifetime access to the custom GPT. */
  readonly features: readonly string[];
  readonly featuresEn: readonly string[];
  /** Public path of the illustration; the files live in libs/catalog/images/<id>.svg. */
  readonly image: string;
  readonly priceCents: number;
  readonly currency: Currency;
  readonly popular?: boolean;
  /**
   * Where the tool opens: a placeholder custom GPT link by default. The access service applies
   * its configuration with `resolveDestinations`; nothing else should hard-code tool links.
   */
  readonly destination: ToolDestination;
  /** @deprecated The default `destination.url`, kept for existing callers; use `destination`. */
  readonly gptUrl: string;
  /** Example prompts shown in the user guide. */
  readonly examplePrompts: readonly string[];
  /** Sold on the checkout page and grantable by the admin (the first nine tools). */
  readonly checkout: boolean;
}

export const LIFETIME_ACCESS_FEATURE = 'Acceso de por vida al GPT personalizado';
export const LIFETIME_ACCESS_FEATURE_EN = 'Lifetime access to the custom GPT';

/** The configurable-placeholder chatbot link for a product. */
export const placeholderGptUrl = (id: ProductId): string => `https://chatgpt.com/g/g-mia-${id}`;

type ProductCopy = Pick<
  Product,
  'id' | 'name' | 'nameEn' | 'description' | 'descriptionEn' | 'examplePrompts' | 'popular'
> & {
  /** The three features after the shared lifetime-access one. */
  readonly extraFeatures: readonly [string, string, string];
  readonly extraFeaturesEn: readonly [string, string, string];
};

const CHECKOUT_COUNT = 9;

const copy: readonly ProductCopy[] = [
  {
    id: 'generador-sermones',
    name: 'Generador de Sermones',
    nameEn: 'Sermon Generator',
    description:
      'Prepara sermones bíblicos completos y bien estructurados a partir de un pasaje, un tema o una ocasión especial.',
    descriptionEn:
      'Prepares complete, well-structured biblical sermons from a passage, a theme or a special occasion.',
    extraFeatures: [
      'Bosquejos con introducción, puntos principales y conclusión',
      'Ilustraciones y aplicaciones prácticas para la congregación',
      'Sermones temáticos, textuales y para fechas especiales',
    ],
    extraFeaturesEn: [
      'Outlines with introduction, main points and conclusion',
      'Illustrations and practical applications for the congregation',
      'Topical, textual and special-occasion sermons',
    ],
    examplePrompts: [
      'Prepara un sermón de 30 minutos sobre Juan 3:16 con tres puntos y aplicaciones para jóvenes.',
      'Dame un bosquejo para un sermón del Día de las Madres basado en Proverbios 31.',
      'Sugiere ilustraciones actuales para predicar sobre el perdón en Mateo 18.',
    ],
  },
  {
    id: 'manual-ceremonias',
    name: 'Manual de Ceremonias Ministeriales',
    nameEn: "Minister's Ceremonies Manual",
    description:
      'Guía para preparar bodas, bautismos, presentaciones de niños, funerales y otras ceremonias de la iglesia.',
    descriptionEn:
      'A guide to preparing weddings, baptisms, child dedications, funerals and other church ceremonies.',
    extraFeatures: [
      'Órdenes de servicio paso a paso para cada ceremonia',
      'Textos bíblicos, votos y oraciones sugeridas',
      'Consejos pastorales para momentos delicados',
    ],
    extraFeaturesEn: [
      'Step-by-step orders of service for each ceremony',
      'Suggested Bible readings, vows and prayers',
      'Pastoral advice for delicate moments',
    ],
    examplePrompts: [
      'Redacta el orden de una ceremonia de boda cristiana de 40 minutos con votos tradicionales.',
      'Necesito un mensaje breve y consolador para el funeral de un hermano de la iglesia.',
      'Prepara una ceremonia de presentación de niños con lecturas bíblicas y una oración.',
    ],
  },
  {
    id: 'mensajes-expositivos',
    name: 'Mensajes Expositivos',
    nameEn: 'Expository Messages',
    description:
      'Desarrolla mensajes que explican el texto bíblico versículo por versículo, fieles a su contexto y a su intención original.',
    descriptionEn:
      'Develops messages that explain the biblical text verse by verse, faithful to its context and original intent.',
    extraFeatures: [
      'Análisis del contexto histórico y literario del pasaje',
      'Idea central del texto y estructura del mensaje',
      'Series expositivas para libros completos',
    ],
    extraFeaturesEn: [
      'Analysis of the historical and literary context of the passage',
      'Central idea of the text and message structure',
      'Expository series through whole books',
    ],
    examplePrompts: [
      'Prepara un mensaje expositivo de Efesios 2:1-10 con su idea central y tres divisiones.',
      'Planifica una serie expositiva de ocho semanas sobre el libro de Filipenses.',
    ],
  },
  {
    id: 'comentario-exegetico',
    name: 'Comentario Exegético',
    nameEn: 'Exegetical Commentary',
    description:
      'Comenta cualquier pasaje de la Biblia con rigor exegético: gramática, contexto, términos clave e interpretación.',
    descriptionEn:
      'Comments on any Bible passage with exegetical rigour: grammar, context, key terms and interpretation.',
    extraFeatures: [
      'Estudio de palabras clave en su idioma original',
      'Comparación de traducciones y variantes',
      'Interpretaciones principales con sus argumentos',
    ],
    extraFeaturesEn: [
      'Key-word studies in the original language',
      'Comparison of translations and variants',
      'Main interpretations with their arguments',
    ],
    examplePrompts: [
      'Haz un comentario exegético de Romanos 8:28-30 explicando los términos griegos clave.',
      '¿Cuáles son las principales interpretaciones de Génesis 6:1-4 y qué argumentos tiene cada una?',
    ],
  },
  {
    id: 'epistolas-pablo',
    name: 'Epístolas del Apóstol Pablo',
    nameEn: 'Epistles of the Apostle Paul',
    description:
      'Estudio guiado de las 13 cartas del apóstol Pablo, de Romanos a Filemón, con su trasfondo y su enseñanza central.',
    descriptionEn:
      "A guided study of the apostle Paul's 13 letters, from Romans to Philemon, with their background and central teaching.",
    popular: true,
    extraFeatures: [
      'Cubre las 13 epístolas paulinas',
      'Trasfondo histórico de cada iglesia y destinatario',
      'Temas doctrinales y aplicación para hoy',
    ],
    extraFeaturesEn: [
      'Covers all 13 Pauline epistles',
      'Historical background of each church and recipient',
      "Doctrinal themes and application for today's church",
    ],
    examplePrompts: [
      'Resume el argumento principal de la carta a los Gálatas y su contexto histórico.',
      '¿Qué enseña Pablo sobre la justificación por la fe en Romanos 3 al 5?',
      'Prepara un estudio de 4 sesiones sobre el gozo en Filipenses.',
    ],
  },
  {
    id: 'apocalipsis',
    name: 'Estudio de Apocalipsis',
    nameEn: 'Study of Revelation',
    description:
      'Explora el libro de Apocalipsis con claridad: su estructura, sus símbolos y las distintas escuelas de interpretación.',
    descriptionEn:
      'Explores the book of Revelation clearly: its structure, its symbols and the different schools of interpretation.',
    extraFeatures: [
      'Explicación de símbolos, números y visiones',
      'Comparación de las escuelas de interpretación',
      'Mensajes a las siete iglesias aplicados hoy',
    ],
    extraFeaturesEn: [
      'Explanation of symbols, numbers and visions',
      'Comparison of the schools of interpretation',
      'The messages to the seven churches applied today',
    ],
    examplePrompts: [
      'Explica el mensaje a la iglesia de Laodicea en Apocalipsis 3 y su aplicación actual.',
      '¿Qué significan los siete sellos según las principales escuelas de interpretación?',
    ],
  },
  {
    id: 'cantar-cantares',
    name: 'Estudio de Cantar de los Cantares',
    nameEn: 'Study of Song of Songs',
    description:
      'Estudio del Cantar de los Cantares: el amor, el matrimonio y la relación de Cristo con su iglesia.',
    descriptionEn:
      'A study of the Song of Songs: love, marriage and the relationship between Christ and his church.',
    extraFeatures: [
      'Lectura literal, alegórica y tipológica del libro',
      'Material para consejería y retiros matrimoniales',
      'Explicación de la poesía e imágenes hebreas',
    ],
    extraFeaturesEn: [
      'Literal, allegorical and typological readings of the book',
      'Material for marriage counselling and retreats',
      'Explanation of Hebrew poetry and imagery',
    ],
    examplePrompts: [
      'Prepara una charla para un retiro de matrimonios basada en Cantares 2.',
      'Explica las imágenes poéticas de Cantares 4 y cómo interpretarlas hoy.',
    ],
  },
  {
    id: 'capacitacion-biblica',
    name: 'Capacitación Bíblica para Servidores',
    nameEn: 'Biblical Training for Ministry Servers',
    description:
      'Forma a líderes, maestros, diáconos y voluntarios de la iglesia con lecciones bíblicas prácticas y progresivas.',
    descriptionEn:
      'Trains church leaders, teachers, deacons and volunteers with practical, progressive Bible lessons.',
    extraFeatures: [
      'Planes de capacitación por ministerio',
      'Lecciones con objetivos, actividades y evaluación',
      'Principios bíblicos de liderazgo y servicio',
    ],
    extraFeaturesEn: [
      'Training plans for each ministry',
      'Lessons with goals, activities and assessment',
      'Biblical principles of leadership and service',
    ],
    examplePrompts: [
      'Diseña un plan de capacitación de seis semanas para nuevos maestros de escuela dominical.',
      'Prepara una lección sobre el servicio con el ejemplo de Jesús lavando los pies en Juan 13.',
    ],
  },
  {
    id: 'diccionario-biblico',
    name: 'Diccionario Bíblico',
    nameEn: 'Biblical Dictionary',
    description:
      'Consulta personas, lugares, costumbres y términos de la Biblia con definiciones claras y referencias bíblicas.',
    descriptionEn:
      'Looks up people, places, customs and terms of the Bible with clear definitions and references.',
    extraFeatures: [
      'Definiciones con referencias bíblicas',
      'Personajes, lugares y costumbres del mundo bíblico',
      'Significado de nombres y términos originales',
    ],
    extraFeaturesEn: [
      'Definitions with Bible references',
      'People, places and customs of the biblical world',
      'Meaning of names and original terms',
    ],
    examplePrompts: [
      '¿Qué era el Sanedrín y qué papel tuvo en el juicio de Jesús?',
      'Define la palabra "propiciación" y dame tres versículos donde aparece.',
    ],
  },
  {
    id: 'estudios-biblicos-profundos',
    name: 'Estudios Bíblicos Profundos',
    nameEn: 'In-Depth Bible Studies',
    description:
      'Estudios temáticos y por libros que profundizan en la doctrina y la teología bíblica para grupos y uso personal.',
    descriptionEn:
      'Topical and book studies that go deep into doctrine and biblical theology for groups and personal use.',
    extraFeatures: [
      'Estudios temáticos y libro por libro',
      'Preguntas de discusión para grupos pequeños',
      'Conexiones entre el Antiguo y el Nuevo Testamento',
    ],
    extraFeaturesEn: [
      'Topical and book-by-book studies',
      'Discussion questions for small groups',
      'Connections between the Old and New Testaments',
    ],
    examplePrompts: [
      'Prepara un estudio bíblico sobre el pacto desde Génesis hasta Hebreos.',
      'Crea preguntas de discusión para un grupo pequeño sobre Santiago 1.',
    ],
  },
  {
    id: 'antiguo-testamento-hebreo',
    name: 'Antiguo Testamento Hebreo',
    nameEn: 'Hebrew Old Testament',
    description:
      'Acércate al texto hebreo del Antiguo Testamento: vocabulario, gramática y matices que enriquecen la predicación.',
    descriptionEn:
      'Get closer to the Hebrew text of the Old Testament: vocabulary, grammar and nuances that enrich preaching.',
    extraFeatures: [
      'Análisis de palabras y raíces hebreas',
      'Gramática explicada sin necesidad de saber hebreo',
      'Matices del original para la predicación',
    ],
    extraFeaturesEn: [
      'Analysis of Hebrew words and roots',
      'Grammar explained without needing to know Hebrew',
      'Nuances of the original for preaching',
    ],
    examplePrompts: [
      '¿Qué significa la palabra hebrea "jésed" en el Salmo 136?',
      'Analiza el hebreo de Génesis 1:1-3 y explica sus matices.',
    ],
  },
  {
    id: 'nuevo-testamento-griego',
    name: 'Nuevo Testamento Griego',
    nameEn: 'Greek New Testament',
    description:
      'Estudia el Nuevo Testamento en su griego original: palabras clave, tiempos verbales y su impacto en la interpretación.',
    descriptionEn:
      'Studies the New Testament in its original Greek: key words, verb tenses and their effect on interpretation.',
    extraFeatures: [
      'Estudio de palabras griegas clave',
      'Tiempos verbales y su significado teológico',
      'Comparación con las traducciones al español',
    ],
    extraFeaturesEn: [
      'Study of key Greek words',
      'Verb tenses and their theological meaning',
      'Comparison with Spanish translations',
    ],
    examplePrompts: [
      'Explica la diferencia entre "ágape" y "filéo" en Juan 21:15-17.',
      '¿Qué aporta el tiempo verbal griego de "consumado es" en Juan 19:30?',
    ],
  },
  {
    id: 'que-dice-la-biblia',
    name: '¿Qué Dice la Biblia?',
    nameEn: 'What Does the Bible Say?',
    description:
      'Respuestas bíblicas, claras y equilibradas a las preguntas de la vida diaria y de la congregación.',
    descriptionEn:
      'Clear, balanced biblical answers to the questions of daily life and of the congregation.',
    extraFeatures: [
      'Respuestas fundamentadas con textos bíblicos',
      'Temas de familia, ética, fe y vida cristiana',
      'Lenguaje sencillo para compartir con la congregación',
    ],
    extraFeaturesEn: [
      'Answers grounded in Bible texts',
      'Topics of family, ethics, faith and Christian life',
      'Plain language to share with the congregation',
    ],
    examplePrompts: [
      '¿Qué dice la Biblia sobre la ansiedad y cómo enfrentarla?',
      '¿Qué enseña la Biblia acerca de las finanzas y el diezmo?',
    ],
  },
  {
    id: 'capacitacion-practica-fe',
    name: 'Capacitación en la Práctica de la Fe',
    nameEn: 'Training in the Practice of Faith',
    description:
      'Guía práctica para vivir la fe cada día: oración, disciplinas espirituales, discipulado y testimonio.',
    descriptionEn:
      'A practical guide to living the faith every day: prayer, spiritual disciplines, discipleship and witness.',
    extraFeatures: [
      'Planes de discipulado para nuevos creyentes',
      'Disciplinas espirituales paso a paso',
      'Recursos para evangelismo y testimonio personal',
    ],
    extraFeaturesEn: [
      'Discipleship plans for new believers',
      'Spiritual disciplines step by step',
      'Resources for evangelism and personal witness',
    ],
    examplePrompts: [
      'Diseña un plan de discipulado de 12 semanas para nuevos creyentes.',
      'Dame un plan de oración de 30 días basado en los Salmos.',
    ],
  },
];

/** The 14 tools in catalogue order. */
export const products: readonly Product[] = copy.map(
  ({ extraFeatures, extraFeaturesEn, ...item }, index): Product => ({
    ...item,
    features: [LIFETIME_ACCESS_FEATURE, ...extraFeatures],
    featuresEn: [LIFETIME_ACCESS_FEATURE_EN, ...extraFeaturesEn],
    image: `/products/${item.id}.svg`,
    priceCents: PRODUCT_PRICE_CENTS,
    currency,
    destination: { kind: 'custom-gpt', url: placeholderGptUrl(item.id) },
    gptUrl: placeholderGptUrl(item.id),
    checkout: index < CHECKOUT_COUNT,
  }),
);

/** The tools sold on the checkout page and offered in the admin grant (the first nine). */
export const checkoutProducts: readonly Product[] = products.filter((p) => p.checkout);

/** The three GPTs listed on the access verification page. */
export const accessPageProducts: readonly Product[] = products.slice(0, 3);

const byId = new Map<string, Product>(products.map((p) => [p.id, p]));

export function findProduct(id: string): Product | undefined {
  return byId.get(id);
}

export function isProductId(id: string): id is ProductId {
  return byId.has(id);
}

export interface LocalizedProduct {
  readonly id: ProductId;
  readonly name: string;
  readonly description: string;
  readonly features: readonly string[];
}

/** The product's texts in the requested locale. */
export function localizeProduct(product: Product, locale: CatalogLocale): LocalizedProduct {
  return locale === 'en'
    ? {
        id: product.id,
        name: product.nameEn,
        description: product.descriptionEn,
        features: product.featuresEn,
      }
    : {
        id: product.id,
        name: product.name,
        description: product.description,
        features: product.features,
      };
}

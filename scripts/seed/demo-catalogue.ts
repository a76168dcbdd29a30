import type { Category, Condition } from '@nomadswap/contracts/enums';
import type { AvatarName, ItemPhotoName } from './illustrations';

/** The password of every demo account (they are ordinary accounts: anyone may sign in with one to try things). */
export const DEMO_PASSWORD = 'nomadswap-demo';
export const DEMO_EMAIL_DOMAIN = 'demo.nomadswap.example';

export interface DemoItem {
  title: string;
  description: string;
  category: Category;
  condition: Condition;
  preferredExchange?: string;
  photos: ItemPhotoName[];
  /** Shown as already swapped (the owner's profile counts it). */
  swapped?: boolean;
}

export interface DemoUser {
  avatar: AvatarName;
  username: string;
  fullName: string;
  /** One of the preset cities, as "City, Country". */
  location: string;
  bio: string;
  items: DemoItem[];
}

export const demoEmail = (user: Pick<DemoUser, 'username'>) => `${user.username}@${DEMO_EMAIL_DOMAIN}`;

/** Twelve travellers, two per preset city, four items each: every category, every city. */
export const DEMO_USERS: DemoUser[] = [
  {
    avatar: 'ana',
    username: 'ana.ribeiro',
    fullName: 'Ana Ribeiro',
    location: 'Lisbon, Portugal',
    bio: 'Illustrator working from Lisbon cafés. Moving to Bali next month and travelling light!',
    items: [
      {
        title: 'Osprey 40L travel backpack',
        description: 'Carry-on size with a laptop sleeve. All zips work, small scuff on the base.',
        category: 'Travel Gear',
        condition: 'good',
        preferredExchange: 'A wetsuit or a sun hat',
        photos: ['backpack-teal'],
      },
      {
        title: 'Portuguese novels and a phrasebook',
        description: 'Saramago, Pessoa and a pocket phrasebook. Great for learning on the tram.',
        category: 'Books',
        condition: 'good',
        photos: ['books'],
      },
      {
        title: 'Monstera cutting in a terracotta pot',
        description: 'Healthy and growing fast. It needs a sunny window and a new home.',
        category: 'Home & Garden',
        condition: 'excellent',
        photos: ['plant'],
      },
      {
        title: 'Watercolour travel set with sketchbook',
        description: '12 pans, two brushes and an A5 sketchbook with a few pages left.',
        category: 'Art & Crafts',
        condition: 'good',
        preferredExchange: 'Anything for the beach',
        photos: ['paints', 'sketchbook'],
      },
    ],
  },
  {
    avatar: 'tomas',
    username: 'tomas.costa',
    fullName: 'Tomás Costa',
    location: 'Lisbon, Portugal',
    bio: 'Photographer and weekend surfer. Swapping my city kit for mountain gear.',
    items: [
      {
        title: 'Mirrorless camera with 35mm lens',
        description: 'Around 8,000 shutter clicks, comes with two batteries and a strap.',
        category: 'Electronics',
        condition: 'excellent',
        preferredExchange: 'A tent or a good sleeping bag',
        photos: ['camera'],
      },
      {
        title: '6ft soft-top surfboard',
        description: 'Forgiving board for beginners. A few dings, all sealed.',
        category: 'Sports',
        condition: 'fair',
        photos: ['surfboard'],
      },
      {
        title: 'Navy rain jacket (M)',
        description: 'Waterproof, packs into its own pocket. Survived a Lisbon winter.',
        category: 'Clothing',
        condition: 'good',
        photos: ['jacket-blue'],
        swapped: true,
      },
      {
        title: 'Enamel mug and moka pot',
        description: 'Morning coffee for two, anywhere with a stove.',
        category: 'Home & Garden',
        condition: 'good',
        photos: ['mug'],
      },
    ],
  },
  {
    avatar: 'kai',
    username: 'kai.suwan',
    fullName: 'Kai Suwan',
    location: 'Bangkok, Thailand',
    bio: 'Sound engineer on a slow trip around Asia. Music, street food and long train rides.',
    items: [
      {
        title: 'Noise-cancelling headphones',
        description: 'Over-ear, 30 hours of battery. Perfect for night buses.',
        category: 'Electronics',
        condition: 'excellent',
        photos: ['headphones'],
      },
      {
        title: 'Acoustic guitar',
        description: 'Warm sound, new strings last week. Soft case included.',
        category: 'Music',
        condition: 'good',
        preferredExchange: 'A ukulele (easier to carry!)',
        photos: ['guitar'],
      },
      {
        title: 'Linen t-shirt (L)',
        description: 'Breathable and quick to dry in Bangkok heat.',
        category: 'Clothing',
        condition: 'good',
        photos: ['tshirt'],
      },
      {
        title: 'Travel yoga mat',
        description: 'Thin and foldable, fits in a backpack side pocket.',
        category: 'Sports',
        condition: 'good',
        photos: ['yoga-mat'],
      },
    ],
  },
  {
    avatar: 'noor',
    username: 'noor.haddad',
    fullName: 'Noor Haddad',
    location: 'Bangkok, Thailand',
    bio: 'Remote developer and map collector. I love a well-planned route.',
    items: [
      {
        title: 'South-East Asia maps and guidebook',
        description: 'Folded maps of Thailand, Laos and Vietnam with my favourite spots marked.',
        category: 'Books',
        condition: 'fair',
        photos: ['map'],
      },
      {
        title: 'Hard-shell carry-on suitcase',
        description: 'Four spinner wheels, TSA lock. One sticker that will not come off.',
        category: 'Travel Gear',
        condition: 'good',
        preferredExchange: 'A 40L backpack',
        photos: ['suitcase'],
      },
      {
        title: 'Bedside lamp',
        description: 'Warm light, European plug. Made my rented room feel like home.',
        category: 'Home & Garden',
        condition: 'excellent',
        photos: ['lamp'],
      },
      {
        title: 'Knitting kit with two yarn balls',
        description: 'Bamboo needles and merino yarn: a calm hobby for long flights.',
        category: 'Art & Crafts',
        condition: 'excellent',
        photos: ['yarn'],
        swapped: true,
      },
    ],
  },
  {
    avatar: 'amara',
    username: 'amara.okafor',
    fullName: 'Amara Okafor',
    location: 'Bali, Indonesia',
    bio: 'Yoga teacher and sketcher. Three months in Ubud, then on to Lisbon.',
    items: [
      {
        title: 'Wide-brim straw sun hat',
        description: 'Packable and very good at keeping the sun off.',
        category: 'Clothing',
        condition: 'good',
        photos: ['hat'],
      },
      {
        title: 'Polarised sunglasses',
        description: 'Sturdy frame, case included. No scratches.',
        category: 'Travel Gear',
        condition: 'excellent',
        photos: ['sunglasses'],
      },
      {
        title: 'Soprano ukulele',
        description: 'Small, bright and easy to learn. Tuner included.',
        category: 'Music',
        condition: 'good',
        preferredExchange: 'Books in English',
        photos: ['ukulele'],
      },
      {
        title: 'Sketchbook and coloured pencils',
        description: 'A fresh A4 sketchbook and 24 pencils.',
        category: 'Art & Crafts',
        condition: 'excellent',
        photos: ['sketchbook'],
      },
    ],
  },
  {
    avatar: 'liam',
    username: 'liam.walsh',
    fullName: 'Liam Walsh',
    location: 'Bali, Indonesia',
    bio: 'Dive instructor between seasons. Camping whenever I can.',
    items: [
      {
        title: 'Two-person tent',
        description: 'Pitches in five minutes, weighs 2.1 kg. Footprint included.',
        category: 'Sports',
        condition: 'good',
        preferredExchange: 'A camera',
        photos: ['tent', 'sleeping-bag'],
      },
      {
        title: '20,000 mAh power bank',
        description: 'Charges a phone four times. USB-C and USB-A.',
        category: 'Electronics',
        condition: 'good',
        photos: ['power-bank'],
      },
      {
        title: 'Lightweight sleeping bag',
        description: 'Comfortable down to 10°C, compresses small.',
        category: 'Travel Gear',
        condition: 'fair',
        photos: ['sleeping-bag'],
      },
      {
        title: 'Beach football',
        description: 'For sunset games on the sand. Holds air well.',
        category: 'Sports',
        condition: 'fair',
        photos: ['football'],
      },
    ],
  },
  {
    avatar: 'sofia',
    username: 'sofia.mendez',
    fullName: 'Sofía Méndez',
    location: 'Mexico City, Mexico',
    bio: 'UX researcher, runner and painter. Heading to Barcelona in spring.',
    items: [
      {
        title: '13-inch laptop',
        description: 'Four years old, new battery, fresh install. Charger included.',
        category: 'Electronics',
        condition: 'good',
        preferredExchange: 'A camera or headphones',
        photos: ['laptop'],
      },
      {
        title: 'Spanish grammar books',
        description: 'Two workbooks with answers, barely written in.',
        category: 'Books',
        condition: 'excellent',
        photos: ['books'],
      },
      {
        title: 'Trail running shoes (EU 39)',
        description: 'Grippy soles, about 200 km on them.',
        category: 'Clothing',
        condition: 'good',
        photos: ['sneakers'],
      },
      {
        title: 'Acrylic paint palette',
        description: 'Six colours and a brush, for painting on the go.',
        category: 'Art & Crafts',
        condition: 'good',
        photos: ['paints'],
        swapped: true,
      },
    ],
  },
  {
    avatar: 'diego',
    username: 'diego.ramos',
    fullName: 'Diego Ramos',
    location: 'Mexico City, Mexico',
    bio: 'Musician and tennis fan. Always happy to show visitors around Roma Norte.',
    items: [
      {
        title: 'Classical guitar',
        description: 'Nylon strings, lovely tone. Gig bag included.',
        category: 'Music',
        condition: 'good',
        photos: ['guitar'],
      },
      {
        title: 'Red daypack',
        description: '25 litres, padded straps and a water bottle pocket.',
        category: 'Travel Gear',
        condition: 'excellent',
        photos: ['backpack-red'],
      },
      {
        title: 'Tennis racket and balls',
        description: 'Mid-weight racket, grip replaced recently. Three balls.',
        category: 'Sports',
        condition: 'good',
        preferredExchange: 'A yoga mat',
        photos: ['racket'],
      },
      {
        title: 'Succulent in a clay pot',
        description: 'Almost impossible to kill. Perfect for a first plant.',
        category: 'Home & Garden',
        condition: 'excellent',
        photos: ['plant'],
      },
    ],
  },
  {
    avatar: 'mei',
    username: 'mei.lin',
    fullName: 'Mei Lin',
    location: 'Ho Chi Minh, Vietnam',
    bio: 'Food writer collecting recipes across Vietnam. Bring snacks and stories.',
    items: [
      {
        title: 'Compact camera',
        description: 'Small enough for a pocket, great in low light.',
        category: 'Electronics',
        condition: 'good',
        photos: ['camera'],
      },
      {
        title: 'Vietnamese street-food cookbook',
        description: 'Well-loved, a few sauce stains prove it works.',
        category: 'Books',
        condition: 'fair',
        photos: ['books'],
      },
      {
        title: 'Green field jacket (S)',
        description: 'Light cotton with four pockets. Good for rainy season evenings.',
        category: 'Clothing',
        condition: 'good',
        preferredExchange: 'A sun hat',
        photos: ['jacket-green'],
      },
      {
        title: 'Over-ear headphones',
        description: 'Wired, warm sound, comfortable for hours of writing.',
        category: 'Music',
        condition: 'good',
        photos: ['headphones'],
      },
    ],
  },
  {
    avatar: 'arjun',
    username: 'arjun.mehta',
    fullName: 'Arjun Mehta',
    location: 'Ho Chi Minh, Vietnam',
    bio: 'Teacher on a sabbatical year. Learning ukulele badly but happily.',
    items: [
      {
        title: 'Concert ukulele',
        description: 'Solid top, spare strings. Sounds better than I play it.',
        category: 'Music',
        condition: 'excellent',
        photos: ['ukulele'],
      },
      {
        title: 'City maps of Saigon and Hanoi',
        description: 'Paper maps with cafés and bookshops circled.',
        category: 'Books',
        condition: 'good',
        photos: ['map'],
      },
      {
        title: 'Cushioned yoga mat',
        description: '6 mm thick, strap included. Cleaned and ready.',
        category: 'Sports',
        condition: 'good',
        photos: ['yoga-mat'],
      },
      {
        title: 'Reading lamp',
        description: 'Adjustable, warm white. Universal adapter included.',
        category: 'Home & Garden',
        condition: 'good',
        preferredExchange: 'A guidebook for Cambodia',
        photos: ['lamp'],
      },
    ],
  },
  {
    avatar: 'lucas',
    username: 'lucas.martin',
    fullName: 'Lucas Martin',
    location: 'Barcelona, Spain',
    bio: 'Football on the beach, coffee at noon, code in the afternoon.',
    items: [
      {
        title: 'Match football',
        description: 'Size 5, used on grass and sand. Pump not included.',
        category: 'Sports',
        condition: 'fair',
        photos: ['football'],
      },
      {
        title: 'Band t-shirt (M)',
        description: 'Soft cotton, bought at a Barcelona gig.',
        category: 'Clothing',
        condition: 'good',
        photos: ['tshirt'],
      },
      {
        title: 'Carry-on suitcase',
        description: 'Teal hard shell, smooth wheels, fits every airline I tried.',
        category: 'Travel Gear',
        condition: 'good',
        preferredExchange: 'A backpack',
        photos: ['suitcase', 'backpack-red'],
      },
      {
        title: 'Coffee mugs (set of two)',
        description: 'Sturdy enamel mugs for a flat share or a campsite.',
        category: 'Home & Garden',
        condition: 'excellent',
        photos: ['mug'],
      },
    ],
  },
  {
    avatar: 'yuki',
    username: 'yuki.tanaka',
    fullName: 'Yuki Tanaka',
    location: 'Barcelona, Spain',
    bio: 'Architect sketching Gaudí buildings. Knitting on every train.',
    items: [
      {
        title: 'Architect sketchbook and pencils',
        description: 'Square sketchbook, graphite and coloured pencils.',
        category: 'Art & Crafts',
        condition: 'good',
        photos: ['sketchbook'],
      },
      {
        title: 'Slim power bank',
        description: '10,000 mAh, fits in a jacket pocket.',
        category: 'Electronics',
        condition: 'excellent',
        photos: ['power-bank'],
      },
      {
        title: 'Studio headphones',
        description: 'Flat sound for music production, long cable.',
        category: 'Music',
        condition: 'good',
        preferredExchange: 'A sketching set',
        photos: ['headphones'],
      },
      {
        title: 'Merino yarn bundle',
        description: 'Two balls of soft merino and wooden needles.',
        category: 'Art & Crafts',
        condition: 'excellent',
        photos: ['yarn'],
      },
    ],
  },
];

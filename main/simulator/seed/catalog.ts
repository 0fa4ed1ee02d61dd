// The raw material of seeded worlds. Plain ASCII throughout: the PDF's standard fonts
// cannot draw anything else.

export const COMPANY_POOL = [
  { name: 'Northwind Outdoor Ltd', country: 'GB', timezone: 'Europe/London', currency: 'GBP', domain: 'northwind-outdoor.co.uk' },
  { name: 'Brightwell Pharma GmbH', country: 'DE', timezone: 'Europe/Berlin', currency: 'EUR', domain: 'brightwell-pharma.de' },
  { name: 'Lumen Games Inc', country: 'US', timezone: 'America/Los_Angeles', currency: 'USD', domain: 'lumengames.com' },
  { name: 'Maison Verlaine SA', country: 'FR', timezone: 'Europe/Paris', currency: 'EUR', domain: 'maison-verlaine.fr' },
  { name: 'Kestrel Fintech Ltd', country: 'IE', timezone: 'Europe/Dublin', currency: 'EUR', domain: 'kestrelfintech.ie' },
  { name: 'Atlas Motors LLC', country: 'US', timezone: 'America/New_York', currency: 'USD', domain: 'atlasmotors.com' },
] as const;

export const FIRST_NAMES = ['Amelia', 'Jonas', 'Priya', 'Mateo', 'Chloe', 'Kenji', 'Fatima', 'Lucas', 'Ingrid', 'Omar', 'Sofia', 'Daniel', 'Hannah', 'Rafael', 'Yuki', 'Elena'] as const;
export const LAST_NAMES = ['Hughes', 'Becker', 'Sharma', 'Rossi', 'Martin', 'Tanaka', 'Haddad', 'Silva', 'Larsen', 'Novak', 'Moreau', 'Kowalski', 'Fischer', 'Garcia', 'Okafor', 'Walsh'] as const;
export const CLIENT_ROLES = ['Localisation Manager', 'Marketing Lead', 'Procurement Officer', 'Content Director'] as const;
export const STAFF_ROLES = ['Project Manager', 'Account Manager', 'Localisation Engineer', 'Quality Lead', 'Resource Coordinator'] as const;

export const TARGET_MARKETS = [
  { code: 'fr-FR', label: 'French (France)' },
  { code: 'de-DE', label: 'German (Germany)' },
  { code: 'ja-JP', label: 'Japanese (Japan)' },
  { code: 'pt-BR', label: 'Portuguese (Brazil)' },
  { code: 'es-MX', label: 'Spanish (Mexico)' },
  { code: 'zh-CN', label: 'Chinese (Simplified, China)' },
  { code: 'it-IT', label: 'Italian (Italy)' },
  { code: 'ko-KR', label: 'Korean (Korea)' },
] as const;

export interface ItemTemplate {
  itemName: string;
  unit: string;
  quantity: [number, number];
  unitPrice: [number, number];
}

export interface ServiceTemplate {
  serviceType: string;
  serviceName: string;
  teamName: string;
  items: ItemTemplate[];
}

export const SERVICES: ServiceTemplate[] = [
  {
    serviceType: 'translation', serviceName: 'Translation', teamName: 'Language Services',
    items: [
      { itemName: 'New words', unit: 'words', quantity: [800, 24000], unitPrice: [0.09, 0.16] },
      { itemName: 'Fuzzy matches 75-99%', unit: 'words', quantity: [200, 8000], unitPrice: [0.05, 0.08] },
      { itemName: 'Proofreading', unit: 'hours', quantity: [1, 12], unitPrice: [38, 55] },
    ],
  },
  {
    serviceType: 'transcreation', serviceName: 'Transcreation', teamName: 'Creative Studio',
    items: [
      { itemName: 'Copy adaptation', unit: 'hours', quantity: [2, 30], unitPrice: [55, 95] },
      { itemName: 'Slogan options', unit: 'hours', quantity: [1, 6], unitPrice: [70, 110] },
    ],
  },
  {
    serviceType: 'voice-over', serviceName: 'Voice-over', teamName: 'Media Studio',
    items: [
      { itemName: 'Studio recording', unit: 'minutes', quantity: [3, 90], unitPrice: [14, 30] },
      { itemName: 'Voice talent fee', unit: 'minutes', quantity: [3, 90], unitPrice: [10, 25] },
    ],
  },
  {
    serviceType: 'subtitling', serviceName: 'Subtitling', teamName: 'Media Studio',
    items: [
      { itemName: 'Subtitle creation', unit: 'minutes', quantity: [5, 240], unitPrice: [6, 12] },
      { itemName: 'Burn-in and QC', unit: 'minutes', quantity: [5, 240], unitPrice: [1.5, 3] },
    ],
  },
  {
    serviceType: 'dtp', serviceName: 'Desktop publishing (DTP)', teamName: 'Design & DTP',
    items: [{ itemName: 'Layout and typesetting', unit: 'pages', quantity: [4, 160], unitPrice: [8, 20] }],
  },
  {
    serviceType: 'mt-post-editing', serviceName: 'MT post-editing', teamName: 'Language Services',
    items: [
      { itemName: 'Full post-editing', unit: 'words', quantity: [2000, 60000], unitPrice: [0.04, 0.08] },
      { itemName: 'Terminology review', unit: 'hours', quantity: [1, 8], unitPrice: [40, 60] },
    ],
  },
];

export const PROJECT_SUBJECTS = [
  'Spring campaign', 'Product launch', 'Onboarding videos', 'Safety data sheets', 'Mobile app release',
  'E-learning course', 'Annual report', 'Brand guidelines', 'Packaging refresh', 'Support centre articles',
  'Trade show kit', 'Investor deck', 'Game patch notes', 'Clinical study leaflets', 'Website relaunch',
] as const;
export const PROJECT_QUALIFIERS = ['Q1', 'Q2', 'Q3', 'Q4', 'EMEA', 'LATAM', 'APAC', 'v2', 'Phase 2', 'Holiday'] as const;
export const AUDIENCES = ['Retail customers', 'Healthcare professionals', 'Players aged 16+', 'Field engineers', 'Investors', 'New employees'] as const;
export const SERVICE_NOTES = ['Client glossary applies', 'Rush delivery', 'Style guide v3', 'Native reviewer required', 'Reuse existing TM'] as const;

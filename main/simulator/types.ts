// Shapes the simulator hands to its host (index.ts re-exports them).

export interface CompanyCredentials {
  id: string;
  name: string;
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

export interface SimulatorCredentials {
  baseUrl: string;
  adminApiKey: string;
  companies: CompanyCredentials[];
}

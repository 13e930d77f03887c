/**
 * Where demo businesses stand: Toronto neighbourhoods from the bundled place list, each with streets
 * that really run through it and its postal-code prefix (FSA), so an address reads true for the pin.
 * Only anchors within about 13 km of downtown are used, which keeps every business within 15 km.
 */
export interface Neighbourhood {
  placeId: string;
  /** How a shop name would say it: 'Leslieville', 'Danforth'. */
  short: string;
  streets: readonly string[];
  fsa: readonly string[];
}

export const NEIGHBOURHOODS: readonly Neighbourhood[] = [
  {
    placeId: 'toronto-downtown',
    short: 'Downtown',
    streets: ['Queen St W', 'King St W', 'Adelaide St W', 'Richmond St W', 'Bay St', 'Yonge St'],
    fsa: ['M5H', 'M5C'],
  },
  {
    placeId: 'kensington-market',
    short: 'Kensington',
    streets: ['Augusta Ave', 'Kensington Ave', 'Baldwin St', 'Nassau St'],
    fsa: ['M5T'],
  },
  {
    placeId: 'chinatown',
    short: 'Spadina',
    streets: ['Spadina Ave', 'Dundas St W', 'Huron St'],
    fsa: ['M5T'],
  },
  {
    placeId: 'leslieville',
    short: 'Leslieville',
    streets: ['Queen St E', 'Logan Ave', 'Jones Ave', 'Carlaw Ave'],
    fsa: ['M4M'],
  },
  {
    placeId: 'the-annex',
    short: 'Annex',
    streets: ['Bloor St W', 'Bathurst St', 'Brunswick Ave', 'Dupont St'],
    fsa: ['M5R', 'M5S'],
  },
  {
    placeId: 'liberty-village',
    short: 'Liberty Village',
    streets: ['Liberty St', 'Atlantic Ave', 'Hanna Ave', 'East Liberty St'],
    fsa: ['M6K'],
  },
  {
    placeId: 'yorkville',
    short: 'Yorkville',
    streets: ['Yorkville Ave', 'Cumberland St', 'Avenue Rd', 'Scollard St'],
    fsa: ['M5R'],
  },
  {
    placeId: 'distillery-district',
    short: 'Distillery',
    streets: ['Mill St', 'Trinity St', 'Parliament St'],
    fsa: ['M5A'],
  },
  {
    placeId: 'st-lawrence-market',
    short: 'St. Lawrence',
    streets: ['Front St E', 'King St E', 'Jarvis St', 'Church St'],
    fsa: ['M5E', 'M5A'],
  },
  {
    placeId: 'little-italy',
    short: 'Little Italy',
    streets: ['College St', 'Clinton St', 'Grace St', 'Manning Ave'],
    fsa: ['M6G'],
  },
  {
    placeId: 'trinity-bellwoods',
    short: 'Trinity Bellwoods',
    streets: ['Queen St W', 'Crawford St', 'Dundas St W', 'Strachan Ave'],
    fsa: ['M6J'],
  },
  {
    placeId: 'ossington',
    short: 'Ossington',
    streets: ['Ossington Ave', 'Queen St W', 'Dundas St W'],
    fsa: ['M6J'],
  },
  {
    placeId: 'the-beaches',
    short: 'Beaches',
    streets: ['Queen St E', 'Kingston Rd', 'Kew Beach Ave', 'Woodbine Ave'],
    fsa: ['M4E'],
  },
  {
    placeId: 'greektown',
    short: 'Danforth',
    streets: ['Danforth Ave', 'Pape Ave', 'Chester Ave', 'Logan Ave'],
    fsa: ['M4K'],
  },
  {
    placeId: 'roncesvalles',
    short: 'Roncesvalles',
    streets: ['Roncesvalles Ave', 'Howard Park Ave', 'Dundas St W'],
    fsa: ['M6R'],
  },
  {
    placeId: 'high-park',
    short: 'High Park',
    streets: ['Bloor St W', 'Parkside Dr', 'Keele St'],
    fsa: ['M6P'],
  },
  {
    placeId: 'bloor-west-village',
    short: 'Bloor West',
    streets: ['Bloor St W', 'Jane St', 'Runnymede Rd'],
    fsa: ['M6S'],
  },
  {
    placeId: 'the-junction',
    short: 'Junction',
    streets: ['Dundas St W', 'Keele St', 'Annette St'],
    fsa: ['M6P'],
  },
  {
    placeId: 'yonge-eglinton',
    short: 'Midtown',
    streets: ['Yonge St', 'Eglinton Ave W', 'Mount Pleasant Rd', 'Redpath Ave'],
    fsa: ['M4P', 'M4S'],
  },
  {
    placeId: 'leaside',
    short: 'Leaside',
    streets: ['Bayview Ave', 'Laird Dr', 'Eglinton Ave E', 'McRae Dr'],
    fsa: ['M4G'],
  },
  {
    placeId: 'forest-hill',
    short: 'Forest Hill',
    streets: ['Spadina Rd', 'Lonsdale Rd', 'St Clair Ave W'],
    fsa: ['M5P'],
  },
  {
    placeId: 'cabbagetown',
    short: 'Cabbagetown',
    streets: ['Parliament St', 'Carlton St', 'Winchester St'],
    fsa: ['M4X'],
  },
  {
    placeId: 'church-wellesley',
    short: 'Church Street',
    streets: ['Church St', 'Wellesley St E', 'Maitland St'],
    fsa: ['M4Y'],
  },
  {
    placeId: 'harbourfront',
    short: 'Harbourfront',
    streets: ['Queens Quay W', 'Lake Shore Blvd W', 'York St'],
    fsa: ['M5J', 'M5V'],
  },
  {
    placeId: 'don-mills',
    short: 'Don Mills',
    streets: ['Don Mills Rd', 'Lawrence Ave E', 'The Donway W'],
    fsa: ['M3C', 'M3B'],
  },
  {
    placeId: 'north-york',
    short: 'North York',
    streets: ['Yonge St', 'Sheppard Ave E', 'Finch Ave W', 'Doris Ave'],
    fsa: ['M2N'],
  },
  {
    placeId: 'etobicoke',
    short: 'Islington',
    streets: ['Dundas St W', 'Islington Ave', 'Burnhamthorpe Rd'],
    fsa: ['M9A', 'M9B'],
  },
];

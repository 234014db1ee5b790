// Labels of the demo dashboard in four languages. A locale picks its language's dictionary
// (`es-ES`, `es-419` and `es` all pick Spanish); anything else falls back to English. Number and
// date formats follow the full locale tag through Intl, not this table.

const en = {
  salesOverview: 'Sales overview', supportOps: 'Support operations',
  overview: 'Overview', orderList: 'Orders', products: 'Products', queue: 'Queue',
  revenue: 'Revenue', orders: 'Orders', averageOrder: 'Average order', revenueByRegion: 'Revenue by region',
  ordersPerDay: 'Orders per day', ordersByStatus: 'Orders by status', latestOrders: 'Latest orders',
  revenueByCategory: 'Revenue by category', tickets: 'Tickets', avgResolution: 'Average resolution time',
  ticketsByChannel: 'Tickets by channel', ticketsPerDay: 'Tickets per day', ticketsByPriority: 'Tickets by priority',
  latestTickets: 'Latest tickets',
  id: 'ID', createdAt: 'Created', openedAt: 'Opened', customer: 'Customer', region: 'Region', status: 'Status',
  amount: 'Amount', category: 'Category', subject: 'Subject', channel: 'Channel', priority: 'Priority',
  all: 'All', updated: 'Updated', timeZone: 'Time zone', filteredBy: 'Filtered by',
  askPlaceholder: 'Ask a question about this dashboard…', ask: 'Ask', thinking: 'Thinking…',
  aiUnknown: 'I can answer questions such as: {suggestions}.', aiTop: 'Top {dimension}: {key} ({value}).',
  aiMetric: '{member}: {value}.', aiError: 'The question could not be answered: {message}',
  sessionExpired: 'Session expired', sessionExpiredHint: 'Waiting for the host page to renew the session…',
  sessionEnds: 'Session ends {time}', renderFailed: 'This widget failed to render.', simulateRenderError: 'Simulate a render error',
  downloadCsv: 'CSV', downloadPng: 'PNG', exportDashboard: 'Export CSV', drillInto: 'Breakdown of {key} by {field}',
  close: 'Close', noData: 'No data for these filters.', queryFailed: 'The data could not be loaded: {message}',
  emea: 'EMEA', amer: 'Americas', apac: 'Asia-Pacific', latam: 'Latin America',
  completed: 'Completed', pending: 'Pending', cancelled: 'Cancelled', refunded: 'Refunded',
  hardware: 'Hardware', software: 'Software', services: 'Services',
  email: 'E-mail', chat: 'Chat', phone: 'Phone', low: 'Low', normal: 'Normal', high: 'High', urgent: 'Urgent',
  open: 'Open', solved: 'Solved',
  'orders.revenue': 'Revenue', 'orders.count': 'Orders', 'tickets.count': 'Tickets', 'tickets.avg_resolution': 'Average resolution time',
};

/** @type {Record<string, Partial<typeof en>>} */
const dictionaries = {
  en,
  es: {
    salesOverview: 'Resumen de ventas', supportOps: 'Operaciones de soporte',
    overview: 'Resumen', orderList: 'Pedidos', products: 'Productos', queue: 'Cola',
    revenue: 'Ingresos', orders: 'Pedidos', averageOrder: 'Pedido medio', revenueByRegion: 'Ingresos por región',
    ordersPerDay: 'Pedidos por día', ordersByStatus: 'Pedidos por estado', latestOrders: 'Últimos pedidos',
    revenueByCategory: 'Ingresos por categoría', tickets: 'Tickets', avgResolution: 'Tiempo medio de resolución',
    ticketsByChannel: 'Tickets por canal', ticketsPerDay: 'Tickets por día', ticketsByPriority: 'Tickets por prioridad',
    latestTickets: 'Últimos tickets',
    id: 'ID', createdAt: 'Creado', openedAt: 'Abierto', customer: 'Cliente', region: 'Región', status: 'Estado',
    amount: 'Importe', category: 'Categoría', subject: 'Asunto', channel: 'Canal', priority: 'Prioridad',
    all: 'Todos', updated: 'Actualizado', timeZone: 'Zona horaria', filteredBy: 'Filtrado por',
    askPlaceholder: 'Haz una pregunta sobre este panel…', ask: 'Preguntar', thinking: 'Pensando…',
    aiUnknown: 'Puedo responder preguntas como: {suggestions}.', aiTop: '{dimension} principal: {key} ({value}).',
    aiMetric: '{member}: {value}.', aiError: 'No se pudo responder la pregunta: {message}',
    sessionExpired: 'Sesión caducada', sessionExpiredHint: 'Esperando a que la página anfitriona renueve la sesión…',
    sessionEnds: 'La sesión termina {time}', renderFailed: 'Este widget no se pudo mostrar.', simulateRenderError: 'Simular un error de renderizado',
    downloadCsv: 'CSV', downloadPng: 'PNG', exportDashboard: 'Exportar CSV', drillInto: 'Desglose de {key} por {field}',
    close: 'Cerrar', noData: 'No hay datos para estos filtros.', queryFailed: 'No se pudieron cargar los datos: {message}',
    emea: 'EMEA', amer: 'América', apac: 'Asia-Pacífico', latam: 'Latinoamérica',
    completed: 'Completado', pending: 'Pendiente', cancelled: 'Cancelado', refunded: 'Reembolsado',
    hardware: 'Hardware', software: 'Software', services: 'Servicios',
    email: 'Correo', chat: 'Chat', phone: 'Teléfono', low: 'Baja', normal: 'Normal', high: 'Alta', urgent: 'Urgente',
    open: 'Abierto', solved: 'Resuelto',
    'orders.revenue': 'Ingresos', 'orders.count': 'Pedidos', 'tickets.count': 'Tickets', 'tickets.avg_resolution': 'Tiempo medio de resolución',
  },
  de: {
    salesOverview: 'Umsatzübersicht', supportOps: 'Support-Betrieb',
    overview: 'Übersicht', orderList: 'Bestellungen', products: 'Produkte', queue: 'Warteschlange',
    revenue: 'Umsatz', orders: 'Bestellungen', averageOrder: 'Durchschnittliche Bestellung', revenueByRegion: 'Umsatz nach Region',
    ordersPerDay: 'Bestellungen pro Tag', ordersByStatus: 'Bestellungen nach Status', latestOrders: 'Neueste Bestellungen',
    revenueByCategory: 'Umsatz nach Kategorie', tickets: 'Tickets', avgResolution: 'Durchschnittliche Lösungszeit',
    ticketsByChannel: 'Tickets nach Kanal', ticketsPerDay: 'Tickets pro Tag', ticketsByPriority: 'Tickets nach Priorität',
    latestTickets: 'Neueste Tickets',
    id: 'ID', createdAt: 'Erstellt', openedAt: 'Eröffnet', customer: 'Kunde', region: 'Region', status: 'Status',
    amount: 'Betrag', category: 'Kategorie', subject: 'Betreff', channel: 'Kanal', priority: 'Priorität',
    all: 'Alle', updated: 'Aktualisiert', timeZone: 'Zeitzone', filteredBy: 'Gefiltert nach',
    askPlaceholder: 'Stellen Sie eine Frage zu diesem Dashboard…', ask: 'Fragen', thinking: 'Denke nach…',
    aiUnknown: 'Ich kann Fragen beantworten wie: {suggestions}.', aiTop: 'Stärkste {dimension}: {key} ({value}).',
    aiMetric: '{member}: {value}.', aiError: 'Die Frage konnte nicht beantwortet werden: {message}',
    sessionExpired: 'Sitzung abgelaufen', sessionExpiredHint: 'Warte darauf, dass die Host-Seite die Sitzung erneuert…',
    sessionEnds: 'Sitzung endet {time}', renderFailed: 'Dieses Widget konnte nicht dargestellt werden.', simulateRenderError: 'Darstellungsfehler simulieren',
    downloadCsv: 'CSV', downloadPng: 'PNG', exportDashboard: 'CSV exportieren', drillInto: 'Aufschlüsselung von {key} nach {field}',
    close: 'Schließen', noData: 'Keine Daten für diese Filter.', queryFailed: 'Die Daten konnten nicht geladen werden: {message}',
    emea: 'EMEA', amer: 'Amerika', apac: 'Asien-Pazifik', latam: 'Lateinamerika',
    completed: 'Abgeschlossen', pending: 'Offen', cancelled: 'Storniert', refunded: 'Erstattet',
    hardware: 'Hardware', software: 'Software', services: 'Dienstleistungen',
    email: 'E-Mail', chat: 'Chat', phone: 'Telefon', low: 'Niedrig', normal: 'Normal', high: 'Hoch', urgent: 'Dringend',
    open: 'Offen', solved: 'Gelöst',
    'orders.revenue': 'Umsatz', 'orders.count': 'Bestellungen', 'tickets.count': 'Tickets', 'tickets.avg_resolution': 'Durchschnittliche Lösungszeit',
  },
  fr: {
    salesOverview: 'Aperçu des ventes', supportOps: 'Opérations du support',
    overview: 'Aperçu', orderList: 'Commandes', products: 'Produits', queue: 'File',
    revenue: "Chiffre d'affaires", orders: 'Commandes', averageOrder: 'Panier moyen', revenueByRegion: "Chiffre d'affaires par région",
    ordersPerDay: 'Commandes par jour', ordersByStatus: 'Commandes par statut', latestOrders: 'Dernières commandes',
    revenueByCategory: "Chiffre d'affaires par catégorie", tickets: 'Tickets', avgResolution: 'Temps moyen de résolution',
    ticketsByChannel: 'Tickets par canal', ticketsPerDay: 'Tickets par jour', ticketsByPriority: 'Tickets par priorité',
    latestTickets: 'Derniers tickets',
    id: 'ID', createdAt: 'Créée', openedAt: 'Ouvert', customer: 'Client', region: 'Région', status: 'Statut',
    amount: 'Montant', category: 'Catégorie', subject: 'Objet', channel: 'Canal', priority: 'Priorité',
    all: 'Tous', updated: 'Mis à jour', timeZone: 'Fuseau horaire', filteredBy: 'Filtré par',
    askPlaceholder: 'Posez une question sur ce tableau de bord…', ask: 'Demander', thinking: 'Réflexion…',
    aiUnknown: 'Je peux répondre à des questions comme : {suggestions}.', aiTop: '{dimension} en tête : {key} ({value}).',
    aiMetric: '{member} : {value}.', aiError: "La question n'a pas pu recevoir de réponse : {message}",
    sessionExpired: 'Session expirée', sessionExpiredHint: "En attente du renouvellement de la session par la page hôte…",
    sessionEnds: 'La session se termine {time}', renderFailed: "Ce widget n'a pas pu s'afficher.", simulateRenderError: "Simuler une erreur d'affichage",
    downloadCsv: 'CSV', downloadPng: 'PNG', exportDashboard: 'Exporter en CSV', drillInto: 'Détail de {key} par {field}',
    close: 'Fermer', noData: 'Aucune donnée pour ces filtres.', queryFailed: "Les données n'ont pas pu être chargées : {message}",
    emea: 'EMEA', amer: 'Amériques', apac: 'Asie-Pacifique', latam: 'Amérique latine',
    completed: 'Terminée', pending: 'En attente', cancelled: 'Annulée', refunded: 'Remboursée',
    hardware: 'Matériel', software: 'Logiciel', services: 'Services',
    email: 'E-mail', chat: 'Chat', phone: 'Téléphone', low: 'Basse', normal: 'Normale', high: 'Haute', urgent: 'Urgente',
    open: 'Ouvert', solved: 'Résolu',
    'orders.revenue': "Chiffre d'affaires", 'orders.count': 'Commandes', 'tickets.count': 'Tickets', 'tickets.avg_resolution': 'Temps moyen de résolution',
  },
};

/**
 * A translator for a locale tag: `t('revenue')`, `t('aiTop', { key: 'EMEA' })`.
 * @param {string} locale
 */
export function translator(locale) {
  const language = locale.split('-')[0].toLowerCase();
  const dictionary = dictionaries[language] ?? en;
  /** @param {string} key @param {Record<string, string>} [values] */
  const t = (key, values = {}) =>
    (dictionary[key] ?? en[key] ?? key).replace(/\{(\w+)\}/g, (_, name) => values[name] ?? `{${name}}`);
  t.language = dictionaries[language] ? language : 'en';
  return t;
}

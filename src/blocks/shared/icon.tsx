import {
  Award, BadgeIndianRupee, Briefcase, Building2, Calculator, Calendar, ChartColumn, CircleCheck, Clock, Code, Factory,
  FileText, Globe, GraduationCap, Handshake, HeartPulse, Hotel, Landmark, Laptop, Layers, Lightbulb, Mail, MapPin,
  Megaphone, MessageCircle, Percent, Phone, Rocket, Search, Settings, ShieldCheck, Ship, ShoppingBag, Sprout, Star,
  Target, TrendingUp, UserCheck, Users, Wallet, type LucideIcon,
} from 'lucide-react';

/** Icon names the schemas allow (common.json#/definitions/icon), each to its drawing. */
export const icons: Record<string, LucideIcon> = {
  briefcase: Briefcase, users: Users, 'user-check': UserCheck, building: Building2, 'graduation-cap': GraduationCap,
  handshake: Handshake, target: Target, 'trending-up': TrendingUp, clock: Clock, 'shield-check': ShieldCheck,
  award: Award, search: Search, 'file-text': FileText, phone: Phone, mail: Mail, 'map-pin': MapPin, calendar: Calendar,
  rocket: Rocket, laptop: Laptop, code: Code, calculator: Calculator, megaphone: Megaphone, 'heart-pulse': HeartPulse,
  factory: Factory, landmark: Landmark, ship: Ship, hotel: Hotel, 'shopping-bag': ShoppingBag, sprout: Sprout,
  wallet: Wallet, percent: Percent, 'badge-indian-rupee': BadgeIndianRupee, chart: ChartColumn,
  'check-circle': CircleCheck, star: Star, globe: Globe, lightbulb: Lightbulb, settings: Settings,
  'message-circle': MessageCircle, layers: Layers,
};

export function Icon({ name, size = 28 }: { name?: string; size?: number }) {
  const Drawing = name ? icons[name] : undefined;
  return Drawing ? <Drawing size={size} aria-hidden="true" focusable="false" className="icon" /> : null;
}

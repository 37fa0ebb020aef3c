import { Avatar, Card } from 'antd';
import { ApartmentOutlined, BankOutlined, CalendarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { currentLocale, localName } from '../../../lib/locale';
import { useSession } from '../../../lib/session';

/** Morning before noon, afternoon until six, evening after. */
export const partOfDay = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

/** Greets the user by name with their organization, department and today's date in their language. */
export function Greeting() {
  const { t } = useTranslation('home');
  const { user, organization, office } = useSession();
  const locale = currentLocale();
  const now = new Date();
  const today = new Intl.DateTimeFormat(locale, { dateStyle: 'full' }).format(now);
  const name = user?.name ?? '';
  return (
    <Card className="home-greeting" data-testid="home-greeting">
      <Avatar size={56} className="home-greeting-avatar">
        {Array.from(name)[0] ?? '?'}
      </Avatar>
      <div className="home-greeting-text">
        <h2 className="home-greeting-title">{t(`greeting.${partOfDay(now.getHours())}`, { name })}</h2>
        <div className="home-greeting-meta">
          {organization && (
            <span>
              <BankOutlined /> {localName(organization, locale)}
            </span>
          )}
          <span>
            <ApartmentOutlined /> {office ? localName(office, locale) : t('noOffice')}
          </span>
          <span>
            <CalendarOutlined /> {today}
          </span>
        </div>
      </div>
    </Card>
  );
}

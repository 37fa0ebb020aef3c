import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { currentLocale } from '../lib/locale';

// dayjs follows the language (only the Chinese locale is extra: English is built in)
dayjs.locale(currentLocale() === 'en' ? 'en' : 'zh-cn');

import type { LanguageKey } from '@grab/shared/contracts';

/** English lives in the task columns; every other language of SPEC §9 has its own text here. */
export type TranslatedLanguage = Exclude<LanguageKey, 'en-US'>;

export interface TaskTranslation {
  title: string;
  description: string;
  /** Step titles in step order; as many as the task has steps. */
  steps: string[];
  /** Two-picture tasks: what each picture shows, in picture order. */
  pictures?: string[];
}

export type TaskTranslations = Record<TranslatedLanguage, TaskTranslation>;

/**
 * The demo catalogue's texts, keyed by the catalogue's task keys (`seed-tasks.ts`). The record type
 * makes a missing language a compile error; the seed test checks the step counts.
 */
export const TASK_TEXTS = {
  community: {
    'hi-IN': {
      title: 'हमारे कम्युनिटी ग्रुप से जुड़ें',
      description: 'नए टास्क की जानकारी सबसे पहले पाने के लिए Grab के आधिकारिक ग्रुप से जुड़ें, फिर जुड़ने का स्क्रीनशॉट अपलोड करें।',
      steps: ['ग्रुप खोलें और जुड़ें', 'जुड़े हुए ग्रुप का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Gabung ke grup komunitas kami',
      description: 'Gabung ke grup resmi Grab agar kamu yang pertama tahu tugas baru, lalu unggah tangkapan layar yang menunjukkan kamu sudah bergabung.',
      steps: ['Buka grup dan bergabung', 'Unggah tangkapan layar grup yang sudah kamu ikuti'],
    },
    'br-BR': {
      title: 'Únete a nuestro grupo de la comunidad',
      description: 'Únete al grupo oficial de Grab para enterarte antes que nadie de las nuevas tareas y luego sube una captura de pantalla que muestre que te uniste.',
      steps: ['Abre el grupo y únete', 'Sube una captura del grupo al que te uniste'],
    },
    'ur-PK': {
      title: 'ہمارے کمیونٹی گروپ میں شامل ہوں',
      description: 'نئے ٹاسک کی خبر سب سے پہلے پانے کے لیے Grab کے آفیشل گروپ میں شامل ہوں، پھر شامل ہونے کا اسکرین شاٹ اپ لوڈ کریں۔',
      steps: ['گروپ کھولیں اور شامل ہوں', 'جس گروپ میں شامل ہوئے اس کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'আমাদের কমিউনিটি গ্রুপে যোগ দিন',
      description: 'নতুন টাস্কের খবর সবার আগে পেতে Grab-এর অফিসিয়াল গ্রুপে যোগ দিন, তারপর যোগ দেওয়ার একটি স্ক্রিনশট আপলোড করুন।',
      steps: ['গ্রুপটি খুলে যোগ দিন', 'যোগ দেওয়া গ্রুপের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'Sumali sa aming community group',
      description: 'Sumali sa opisyal na grupo ng Grab para mauna kang makaalam ng mga bagong task, pagkatapos ay mag-upload ng screenshot na nagpapakitang sumali ka.',
      steps: ['Buksan ang grupo at sumali', 'Mag-upload ng screenshot ng grupong sinalihan mo'],
    },
    'ng-HA': {
      title: 'Shiga rukunin al’ummarmu',
      description: 'Shiga rukunin Grab na hukuma don ka fara jin labarin sabbin ayyuka, sannan ka ɗora hoton allo da ke nuna ka shiga.',
      steps: ['Buɗe rukunin ka shiga', 'Ɗora hoton allo na rukunin da ka shiga'],
    },
  },
  giftCode: {
    'hi-IN': {
      title: 'गिफ्ट कोड रिडीम करें',
      description: 'Grab की आधिकारिक घोषणा से मिला गिफ्ट कोड डालें और उसके पॉइंट अपने बैलेंस में जोड़ें। कोड हमेशा मुफ़्त होते हैं: कोड के लिए किसी को भी पैसे न दें।',
      steps: [],
    },
    'hi-IND': {
      title: 'Tukarkan kode hadiah',
      description: 'Masukkan kode hadiah dari pengumuman resmi Grab untuk menambahkan poinnya ke saldomu. Kode selalu gratis: jangan pernah membayar siapa pun untuk mendapatkannya.',
      steps: [],
    },
    'br-BR': {
      title: 'Canjea un código de regalo',
      description: 'Introduce un código de regalo de un anuncio oficial de Grab para sumar sus puntos a tu saldo. Los códigos siempre son gratis: nunca le pagues a nadie por uno.',
      steps: [],
    },
    'ur-PK': {
      title: 'گفٹ کوڈ ریڈیم کریں',
      description: 'Grab کے آفیشل اعلان سے ملا گفٹ کوڈ درج کریں اور اس کے پوائنٹس اپنے بیلنس میں شامل کریں۔ کوڈ ہمیشہ مفت ہوتے ہیں: کوڈ کے لیے کبھی کسی کو پیسے نہ دیں۔',
      steps: [],
    },
    'bn-BD': {
      title: 'গিফট কোড রিডিম করুন',
      description: 'Grab-এর অফিসিয়াল ঘোষণা থেকে পাওয়া গিফট কোড লিখে তার পয়েন্ট আপনার ব্যালেন্সে যোগ করুন। কোড সবসময় বিনামূল্যে: কোডের জন্য কাউকে কখনো টাকা দেবেন না।',
      steps: [],
    },
    'ph-PH': {
      title: 'I-redeem ang gift code',
      description: 'Ilagay ang gift code mula sa opisyal na anunsyo ng Grab para maidagdag ang points nito sa iyong balanse. Laging libre ang mga code: huwag kailanman magbayad kaninuman para dito.',
      steps: [],
    },
    'ng-HA': {
      title: 'Yi amfani da lambar kyauta',
      description: 'Shigar da lambar kyauta daga sanarwar Grab ta hukuma don a ƙara makinta a cikin asusunka. Lambobin kyauta ne ko da yaushe: kada ka taɓa biyan kowa kuɗi don samun ɗaya.',
      steps: [],
    },
  },
  dailyShare: {
    'hi-IN': {
      title: 'Grab को किसी दोस्त के साथ शेयर करें',
      description: 'अपना लिंक किसी दोस्त के साथ शेयर करें। जिस शेयर को कोई खोलता है, वह गिना जाता है, दिन में तीन बार तक।',
      steps: ['अपना लिंक शेयर करें'],
    },
    'hi-IND': {
      title: 'Bagikan Grab ke teman',
      description: 'Bagikan tautanmu ke teman. Setiap tautan yang kamu bagikan dan dibuka seseorang akan dihitung, maksimal tiga kali sehari.',
      steps: ['Bagikan tautanmu'],
    },
    'br-BR': {
      title: 'Comparte Grab con un amigo',
      description: 'Comparte tu enlace con un amigo. Cada enlace compartido que alguien abre cuenta, hasta tres veces al día.',
      steps: ['Comparte tu enlace'],
    },
    'ur-PK': {
      title: 'Grab کسی دوست کے ساتھ شیئر کریں',
      description: 'اپنا لنک کسی دوست کے ساتھ شیئر کریں۔ ہر وہ شیئر جسے کوئی کھولے، گنا جاتا ہے، دن میں تین بار تک۔',
      steps: ['اپنا لنک شیئر کریں'],
    },
    'bn-BD': {
      title: 'বন্ধুর সাথে Grab শেয়ার করুন',
      description: 'আপনার লিংক কোনো বন্ধুর সাথে শেয়ার করুন। যে শেয়ার কেউ খোলে সেটি গণনা হয়, দিনে সর্বোচ্চ তিনবার।',
      steps: ['আপনার লিংক শেয়ার করুন'],
    },
    'ph-PH': {
      title: 'Ibahagi ang Grab sa isang kaibigan',
      description: 'Ibahagi ang iyong link sa isang kaibigan. Bibilangin ang bawat share na may nagbukas, hanggang tatlong beses bawat araw.',
      steps: ['Ibahagi ang iyong link'],
    },
    'ng-HA': {
      title: 'Raba Grab da aboki',
      description: 'Raba mahaɗinka da aboki. Duk rabawar da wani ya buɗe ana ƙirga ta, har sau uku a rana.',
      steps: ['Raba mahaɗinka'],
    },
  },
  followPage: {
    'hi-IN': {
      title: 'हमारा आधिकारिक पेज फ़ॉलो करें',
      description: 'Grab का आधिकारिक पेज फ़ॉलो करें और ऐसा स्क्रीनशॉट अपलोड करें जिसमें दिखे कि आप उसे फ़ॉलो करते हैं।',
      steps: ['पेज खोलें और उसे फ़ॉलो करें', 'फ़ॉलो किए गए पेज का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Ikuti halaman resmi kami',
      description: 'Ikuti halaman resmi Grab dan unggah tangkapan layar yang menunjukkan kamu sudah mengikutinya.',
      steps: ['Buka halaman itu dan ikuti', 'Unggah tangkapan layar halaman yang kamu ikuti'],
    },
    'br-BR': {
      title: 'Sigue nuestra página oficial',
      description: 'Sigue la página oficial de Grab y sube una captura de pantalla que muestre que la sigues.',
      steps: ['Abre la página y síguela', 'Sube una captura de la página que sigues'],
    },
    'ur-PK': {
      title: 'ہمارا آفیشل پیج فالو کریں',
      description: 'Grab کا آفیشل پیج فالو کریں اور ایسا اسکرین شاٹ اپ لوڈ کریں جس میں نظر آئے کہ آپ اسے فالو کرتے ہیں۔',
      steps: ['پیج کھولیں اور اسے فالو کریں', 'فالو کیے گئے پیج کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'আমাদের অফিসিয়াল পেজ ফলো করুন',
      description: 'Grab-এর অফিসিয়াল পেজ ফলো করুন এবং এমন একটি স্ক্রিনশট আপলোড করুন যাতে দেখা যায় আপনি পেজটি ফলো করছেন।',
      steps: ['পেজটি খুলে ফলো করুন', 'ফলো করা পেজের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'I-follow ang aming opisyal na page',
      description: 'I-follow ang opisyal na page ng Grab at mag-upload ng screenshot na nagpapakitang naka-follow ka.',
      steps: ['Buksan ang page at i-follow ito', 'Mag-upload ng screenshot ng page na na-follow mo'],
    },
    'ng-HA': {
      title: 'Bi shafinmu na hukuma',
      description: 'Bi shafin Grab na hukuma kuma ka ɗora hoton allo da ke nuna kana bin sa.',
      steps: ['Buɗe shafin ka bi shi', 'Ɗora hoton allo na shafin da kake bi'],
    },
  },
  partnerSignup: {
    'hi-IN': {
      title: 'पार्टनर साइट पर साइन अप करें',
      description: 'पार्टनर साइट पर मुफ़्त अकाउंट बनाएँ और अपने प्रोफ़ाइल पेज का स्क्रीनशॉट अपलोड करें। साइन अप मुफ़्त है: कार्ड या भुगतान की कोई जानकारी कभी न डालें।',
      steps: ['पार्टनर साइट खोलें और साइन अप करें', 'अपने नए अकाउंट का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Daftar di situs mitra',
      description: 'Buat akun gratis di situs mitra dan unggah tangkapan layar halaman profilmu. Pendaftaran gratis: jangan pernah memasukkan data kartu atau pembayaran.',
      steps: ['Buka situs mitra dan daftar', 'Unggah tangkapan layar akun barumu'],
    },
    'br-BR': {
      title: 'Regístrate en un sitio asociado',
      description: 'Crea una cuenta gratuita en el sitio asociado y sube una captura de tu página de perfil. El registro es gratis: nunca introduzcas datos de tarjeta ni de pago.',
      steps: ['Abre el sitio asociado y regístrate', 'Sube una captura de tu nueva cuenta'],
    },
    'ur-PK': {
      title: 'پارٹنر سائٹ پر سائن اپ کریں',
      description: 'پارٹنر سائٹ پر مفت اکاؤنٹ بنائیں اور اپنے پروفائل پیج کا اسکرین شاٹ اپ لوڈ کریں۔ سائن اپ مفت ہے: کبھی بھی کارڈ یا ادائیگی کی تفصیلات درج نہ کریں۔',
      steps: ['پارٹنر سائٹ کھولیں اور سائن اپ کریں', 'اپنے نئے اکاؤنٹ کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'পার্টনার সাইটে সাইন আপ করুন',
      description: 'পার্টনার সাইটে একটি ফ্রি অ্যাকাউন্ট খুলুন এবং আপনার প্রোফাইল পেজের স্ক্রিনশট আপলোড করুন। সাইন আপ বিনামূল্যে: কখনো কার্ড বা পেমেন্টের তথ্য দেবেন না।',
      steps: ['পার্টনার সাইট খুলে সাইন আপ করুন', 'আপনার নতুন অ্যাকাউন্টের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'Mag-sign up sa isang partner site',
      description: 'Gumawa ng libreng account sa partner site at mag-upload ng screenshot ng iyong profile page. Libre ang pag-sign up: huwag kailanman maglagay ng detalye ng card o bayad.',
      steps: ['Buksan ang partner site at mag-sign up', 'Mag-upload ng screenshot ng bago mong account'],
    },
    'ng-HA': {
      title: 'Yi rajista a shafin abokin hulɗa',
      description: 'Buɗe asusu kyauta a shafin abokin hulɗa kuma ka ɗora hoton allo na shafin bayananka. Rajista kyauta ce: kada ka taɓa shigar da bayanan kati ko na biyan kuɗi.',
      steps: ['Buɗe shafin abokin hulɗa ka yi rajista', 'Ɗora hoton allo na sabon asusunka'],
    },
  },
  notesApp: {
    'hi-IN': {
      title: 'पार्टनर नोट्स ऐप इंस्टॉल करें',
      description: 'आधिकारिक ऐप स्टोर से मुफ़्त पार्टनर ऐप इंस्टॉल करें, उसे एक बार खोलें और उसकी होम स्क्रीन का स्क्रीनशॉट अपलोड करें।',
      steps: ['डाउनलोड पेज खोलें', 'खुले हुए ऐप का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Pasang aplikasi catatan mitra',
      description: 'Pasang aplikasi mitra yang gratis dari toko aplikasi resmi, buka sekali, lalu unggah tangkapan layar halaman utamanya.',
      steps: ['Buka halaman unduhan', 'Unggah tangkapan layar aplikasi yang sudah dibuka'],
    },
    'br-BR': {
      title: 'Instala la app de notas asociada',
      description: 'Instala la app asociada gratuita desde la tienda oficial, ábrela una vez y sube una captura de su pantalla de inicio.',
      steps: ['Abre la página de descarga', 'Sube una captura de la app abierta'],
    },
    'ur-PK': {
      title: 'پارٹنر نوٹس ایپ انسٹال کریں',
      description: 'آفیشل ایپ اسٹور سے مفت پارٹنر ایپ انسٹال کریں، اسے ایک بار کھولیں اور اس کی ہوم اسکرین کا اسکرین شاٹ اپ لوڈ کریں۔',
      steps: ['ڈاؤن لوڈ پیج کھولیں', 'کھلی ہوئی ایپ کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'পার্টনার নোটস অ্যাপ ইনস্টল করুন',
      description: 'অফিসিয়াল অ্যাপ স্টোর থেকে ফ্রি পার্টনার অ্যাপটি ইনস্টল করুন, একবার খুলুন এবং এর হোম স্ক্রিনের স্ক্রিনশট আপলোড করুন।',
      steps: ['ডাউনলোড পেজ খুলুন', 'খোলা অ্যাপের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'I-install ang partner notes app',
      description: 'I-install ang libreng partner app mula sa opisyal na app store, buksan ito nang isang beses, at mag-upload ng screenshot ng home screen nito.',
      steps: ['Buksan ang download page', 'Mag-upload ng screenshot ng nabuksang app'],
    },
    'ng-HA': {
      title: 'Sanya manhajar rubutu ta abokin hulɗa',
      description: 'Sanya manhajar abokin hulɗa kyauta daga shagon manhajoji na hukuma, buɗe ta sau ɗaya, sannan ka ɗora hoton allo na babban shafinta.',
      steps: ['Buɗe shafin saukewa', 'Ɗora hoton allo na manhajar da ka buɗe'],
    },
  },
  statusPost: {
    'hi-IN': {
      title: 'अपने स्टेटस पर Grab पोस्ट करें',
      description: 'अपना इनविटेशन लिंक अपने मैसेजिंग स्टेटस पर पोस्ट करें और पोस्ट का स्क्रीनशॉट अपलोड करें। यह आप दिन में एक बार कर सकते हैं।',
      steps: ['अपना लिंक कॉपी करके पोस्ट करें और अपने स्टेटस का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Posting Grab di statusmu',
      description: 'Posting tautan undanganmu di status aplikasi pesanmu dan unggah tangkapan layar postingannya. Kamu bisa melakukannya sekali sehari.',
      steps: ['Salin tautanmu, posting, lalu unggah tangkapan layar statusmu'],
    },
    'br-BR': {
      title: 'Publica Grab en tu estado',
      description: 'Publica tu enlace de invitación en el estado de tu app de mensajería y sube una captura de la publicación. Puedes hacerlo una vez al día.',
      steps: ['Copia tu enlace, publícalo y sube una captura de tu estado'],
    },
    'ur-PK': {
      title: 'اپنے اسٹیٹس پر Grab پوسٹ کریں',
      description: 'اپنا دعوتی لنک اپنے میسجنگ اسٹیٹس پر پوسٹ کریں اور پوسٹ کا اسکرین شاٹ اپ لوڈ کریں۔ یہ آپ دن میں ایک بار کر سکتے ہیں۔',
      steps: ['اپنا لنک کاپی کر کے پوسٹ کریں اور اپنے اسٹیٹس کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'আপনার স্ট্যাটাসে Grab পোস্ট করুন',
      description: 'আপনার আমন্ত্রণ লিংক মেসেজিং স্ট্যাটাসে পোস্ট করুন এবং পোস্টের স্ক্রিনশট আপলোড করুন। এটি দিনে একবার করা যায়।',
      steps: ['আপনার লিংক কপি করে পোস্ট করুন, তারপর আপনার স্ট্যাটাসের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'I-post ang Grab sa iyong status',
      description: 'I-post ang iyong invitation link sa status ng iyong messaging app at mag-upload ng screenshot ng post. Magagawa mo ito isang beses bawat araw.',
      steps: ['Kopyahin ang iyong link, i-post ito, at mag-upload ng screenshot ng iyong status'],
    },
    'ng-HA': {
      title: 'Saka Grab a kan status ɗinka',
      description: 'Saka mahaɗin gayyatarka a kan status na manhajar saƙonka kuma ka ɗora hoton allo na abin da ka saka. Za ka iya yin haka sau ɗaya a rana.',
      steps: ['Kwafi mahaɗinka ka saka shi, sannan ka ɗora hoton allo na status ɗinka'],
    },
  },
  eventShare: {
    'hi-IN': {
      title: 'इस हफ़्ते तीन विज़िटर लाएँ',
      description: 'इस हफ़्ते के इवेंट के दौरान अपना लिंक शेयर करें। तीन अलग-अलग लोगों के लिंक खोलते ही टास्क पूरा हो जाता है।',
      steps: ['अपना लिंक तब तक शेयर करें जब तक तीन लोग उसे न खोल लें'],
    },
    'hi-IND': {
      title: 'Datangkan tiga pengunjung minggu ini',
      description: 'Bagikan tautanmu selama acara minggu ini. Tugas selesai setelah tiga orang yang berbeda membukanya.',
      steps: ['Bagikan tautanmu sampai tiga orang membukanya'],
    },
    'br-BR': {
      title: 'Consigue tres visitas esta semana',
      description: 'Comparte tu enlace durante el evento de esta semana. La tarea se completa cuando tres personas distintas lo hayan abierto.',
      steps: ['Comparte tu enlace hasta que tres personas lo abran'],
    },
    'ur-PK': {
      title: 'اس ہفتے تین وزیٹر لائیں',
      description: 'اس ہفتے کے ایونٹ کے دوران اپنا لنک شیئر کریں۔ جب تین مختلف لوگ اسے کھول لیں تو ٹاسک مکمل ہو جاتا ہے۔',
      steps: ['اپنا لنک تب تک شیئر کریں جب تک تین لوگ اسے نہ کھول لیں'],
    },
    'bn-BD': {
      title: 'এই সপ্তাহে তিনজন ভিজিটর আনুন',
      description: 'এই সপ্তাহের ইভেন্টে আপনার লিংক শেয়ার করুন। তিনজন আলাদা মানুষ লিংকটি খুললেই টাস্ক সম্পন্ন হবে।',
      steps: ['তিনজন না খোলা পর্যন্ত আপনার লিংক শেয়ার করুন'],
    },
    'ph-PH': {
      title: 'Magdala ng tatlong bisita ngayong linggo',
      description: 'Ibahagi ang iyong link sa event ngayong linggo. Tapos na ang task kapag nabuksan na ito ng tatlong magkakaibang tao.',
      steps: ['Ibahagi ang iyong link hanggang mabuksan ito ng tatlong tao'],
    },
    'ng-HA': {
      title: 'Kawo baƙi uku a wannan makon',
      description: 'Raba mahaɗinka a lokacin taron wannan makon. Aikin ya kammala da zarar mutane uku daban-daban sun buɗe shi.',
      steps: ['Raba mahaɗinka har sai mutane uku sun buɗe shi'],
    },
  },
  newsChannel: {
    'hi-IN': {
      title: 'घोषणा चैनल से जुड़ें',
      description: 'उस चैनल से जुड़ें जहाँ आधिकारिक गिफ्ट कोड और नए टास्क की घोषणा होती है, फिर स्क्रीनशॉट अपलोड करें।',
      steps: ['चैनल खोलें और जुड़ें', 'जुड़े हुए चैनल का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Gabung ke saluran pengumuman',
      description: 'Gabung ke saluran tempat kode hadiah resmi dan tugas baru diumumkan, lalu unggah tangkapan layar.',
      steps: ['Buka saluran dan bergabung', 'Unggah tangkapan layar saluran yang sudah kamu ikuti'],
    },
    'br-BR': {
      title: 'Únete al canal de anuncios',
      description: 'Únete al canal donde se anuncian los códigos de regalo oficiales y las nuevas tareas, y luego sube una captura de pantalla.',
      steps: ['Abre el canal y únete', 'Sube una captura del canal al que te uniste'],
    },
    'ur-PK': {
      title: 'اعلانات کے چینل میں شامل ہوں',
      description: 'اس چینل میں شامل ہوں جہاں آفیشل گفٹ کوڈز اور نئے ٹاسک کا اعلان ہوتا ہے، پھر اسکرین شاٹ اپ لوڈ کریں۔',
      steps: ['چینل کھولیں اور شامل ہوں', 'جس چینل میں شامل ہوئے اس کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'ঘোষণা চ্যানেলে যোগ দিন',
      description: 'যে চ্যানেলে অফিসিয়াল গিফট কোড ও নতুন টাস্কের ঘোষণা হয় সেখানে যোগ দিন, তারপর একটি স্ক্রিনশট আপলোড করুন।',
      steps: ['চ্যানেলটি খুলে যোগ দিন', 'যোগ দেওয়া চ্যানেলের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'Sumali sa announcements channel',
      description: 'Sumali sa channel kung saan ina-anunsyo ang mga opisyal na gift code at bagong task, pagkatapos ay mag-upload ng screenshot.',
      steps: ['Buksan ang channel at sumali', 'Mag-upload ng screenshot ng channel na sinalihan mo'],
    },
    'ng-HA': {
      title: 'Shiga tashar sanarwa',
      description: 'Shiga tashar da ake sanar da lambobin kyauta na hukuma da sabbin ayyuka, sannan ka ɗora hoton allo.',
      steps: ['Buɗe tashar ka shiga', 'Ɗora hoton allo na tashar da ka shiga'],
    },
  },
  appReview: {
    'hi-IN': {
      title: 'पार्टनर ऐप की ईमानदार समीक्षा लिखें',
      description: 'अपने ऐप स्टोर में पार्टनर ऐप की ईमानदार समीक्षा अपने शब्दों में लिखें, अच्छी हो या बुरी। दो स्क्रीनशॉट अपलोड करें: आपकी समीक्षा और ऐप का पेज।',
      steps: ['ऐप का पेज खोलें और अपनी समीक्षा लिखें', 'दो स्क्रीनशॉट अपलोड करें: आपकी समीक्षा और ऐप का पेज'],
      pictures: ['ऐप स्टोर में आपकी समीक्षा', 'स्टोर में ऐप का पेज'],
    },
    'hi-IND': {
      title: 'Ulas aplikasi mitra dengan jujur',
      description: 'Tulis ulasan jujur tentang aplikasi mitra di toko aplikasimu dengan kata-katamu sendiri, baik atau buruk. Unggah dua tangkapan layar: ulasanmu dan halaman aplikasinya.',
      steps: ['Buka halaman aplikasi dan tulis ulasanmu', 'Unggah dua tangkapan layar: ulasanmu dan halaman aplikasi'],
      pictures: ['Ulasanmu di toko aplikasi', 'Halaman aplikasi di toko'],
    },
    'br-BR': {
      title: 'Reseña con sinceridad una app asociada',
      description: 'Escribe una reseña sincera de la app asociada en tu tienda de apps, con tus propias palabras, sea buena o mala. Sube dos capturas: tu reseña y la página de la app.',
      steps: ['Abre la página de la app y escribe tu reseña', 'Sube dos capturas: tu reseña y la página de la app'],
      pictures: ['Tu reseña en la tienda de apps', 'La página de la app en la tienda'],
    },
    'ur-PK': {
      title: 'پارٹنر ایپ کا ایماندارانہ ریویو لکھیں',
      description: 'اپنے ایپ اسٹور میں پارٹنر ایپ کا ایماندارانہ ریویو اپنے الفاظ میں لکھیں، اچھا ہو یا برا۔ دو اسکرین شاٹ اپ لوڈ کریں: آپ کا ریویو اور ایپ کا پیج۔',
      steps: ['ایپ کا پیج کھولیں اور اپنا ریویو لکھیں', 'دو اسکرین شاٹ اپ لوڈ کریں: آپ کا ریویو اور ایپ کا پیج'],
      pictures: ['ایپ اسٹور میں آپ کا ریویو', 'اسٹور میں ایپ کا پیج'],
    },
    'bn-BD': {
      title: 'পার্টনার অ্যাপের সৎ রিভিউ দিন',
      description: 'আপনার অ্যাপ স্টোরে পার্টনার অ্যাপের একটি সৎ রিভিউ নিজের ভাষায় লিখুন, ভালো হোক বা খারাপ। দুটি স্ক্রিনশট আপলোড করুন: আপনার রিভিউ এবং অ্যাপের পেজ।',
      steps: ['অ্যাপের পেজ খুলে আপনার রিভিউ লিখুন', 'দুটি স্ক্রিনশট আপলোড করুন: আপনার রিভিউ ও অ্যাপের পেজ'],
      pictures: ['অ্যাপ স্টোরে আপনার রিভিউ', 'স্টোরে অ্যাপের পেজ'],
    },
    'ph-PH': {
      title: 'Magsulat ng tapat na review ng partner app',
      description: 'Magsulat ng tapat na review ng partner app sa iyong app store, sa sarili mong salita, maganda man o hindi. Mag-upload ng dalawang screenshot: ang review mo at ang page ng app.',
      steps: ['Buksan ang page ng app at isulat ang review mo', 'Mag-upload ng dalawang screenshot: ang review mo at ang page ng app'],
      pictures: ['Ang review mo sa app store', 'Ang page ng app sa store'],
    },
    'ng-HA': {
      title: 'Yi sharhi na gaskiya kan manhajar abokin hulɗa',
      description: 'Rubuta sharhi na gaskiya kan manhajar abokin hulɗa a shagon manhajojinka da kalmominka, mai kyau ko marar kyau. Ɗora hotunan allo biyu: sharhinka da shafin manhajar.',
      steps: ['Buɗe shafin manhajar ka rubuta sharhinka', 'Ɗora hotunan allo biyu: sharhinka da shafin manhajar'],
      pictures: ['Sharhinka a shagon manhajoji', 'Shafin manhajar a shagon'],
    },
  },
  shopSignup: {
    'hi-IN': {
      title: 'पार्टनर शॉप पर अकाउंट बनाएँ',
      description: 'पार्टनर शॉप पर मुफ़्त में रजिस्टर करें और अपने अकाउंट पेज का स्क्रीनशॉट अपलोड करें। कुछ भी ख़रीदने की ज़रूरत नहीं है।',
      steps: ['शॉप खोलें और रजिस्टर करें', 'अपने अकाउंट पेज का स्क्रीनशॉट अपलोड करें'],
    },
    'hi-IND': {
      title: 'Buat akun di toko mitra',
      description: 'Daftar gratis di toko mitra dan unggah tangkapan layar halaman akunmu. Tidak perlu membeli apa pun.',
      steps: ['Buka toko dan daftar', 'Unggah tangkapan layar halaman akunmu'],
    },
    'br-BR': {
      title: 'Crea una cuenta en la tienda asociada',
      description: 'Regístrate gratis en la tienda asociada y sube una captura de la página de tu cuenta. No hace falta comprar nada.',
      steps: ['Abre la tienda y regístrate', 'Sube una captura de la página de tu cuenta'],
    },
    'ur-PK': {
      title: 'پارٹنر شاپ پر اکاؤنٹ بنائیں',
      description: 'پارٹنر شاپ پر مفت رجسٹر کریں اور اپنے اکاؤنٹ پیج کا اسکرین شاٹ اپ لوڈ کریں۔ کچھ بھی خریدنے کی ضرورت نہیں۔',
      steps: ['شاپ کھولیں اور رجسٹر کریں', 'اپنے اکاؤنٹ پیج کا اسکرین شاٹ اپ لوڈ کریں'],
    },
    'bn-BD': {
      title: 'পার্টনার শপে অ্যাকাউন্ট খুলুন',
      description: 'পার্টনার শপে বিনামূল্যে রেজিস্টার করুন এবং আপনার অ্যাকাউন্ট পেজের স্ক্রিনশট আপলোড করুন। কিছু কেনার প্রয়োজন নেই।',
      steps: ['শপটি খুলে রেজিস্টার করুন', 'আপনার অ্যাকাউন্ট পেজের স্ক্রিনশট আপলোড করুন'],
    },
    'ph-PH': {
      title: 'Gumawa ng account sa partner shop',
      description: 'Magparehistro nang libre sa partner shop at mag-upload ng screenshot ng iyong account page. Hindi kailangang bumili ng kahit ano.',
      steps: ['Buksan ang shop at magparehistro', 'Mag-upload ng screenshot ng iyong account page'],
    },
    'ng-HA': {
      title: 'Buɗe asusu a shagon abokin hulɗa',
      description: 'Yi rajista kyauta a shagon abokin hulɗa kuma ka ɗora hoton allo na shafin asusunka. Ba sai ka sayi komai ba.',
      steps: ['Buɗe shagon ka yi rajista', 'Ɗora hoton allo na shafin asusunka'],
    },
  },
  messaging: {
    'hi-IN': {
      title: 'अपना मैसेजिंग नंबर वेरिफ़ाई करें',
      description: 'यह साबित करने के लिए कि नंबर आपका है, हमारे आधिकारिक अकाउंट पर एक बार इस्तेमाल होने वाला कोड भेजें।',
      steps: ['कोड हमारे आधिकारिक अकाउंट पर भेजें'],
    },
    'hi-IND': {
      title: 'Verifikasi nomor aplikasi pesanmu',
      description: 'Kirim kode sekali pakai ke akun resmi kami untuk membuktikan bahwa nomor itu milikmu.',
      steps: ['Kirim kode ke akun resmi kami'],
    },
    'br-BR': {
      title: 'Verifica tu número de mensajería',
      description: 'Envía un código de un solo uso a nuestra cuenta oficial para demostrar que el número es tuyo.',
      steps: ['Envía el código a nuestra cuenta oficial'],
    },
    'ur-PK': {
      title: 'اپنا میسجنگ نمبر تصدیق کریں',
      description: 'یہ ثابت کرنے کے لیے کہ نمبر آپ کا ہے، ہمارے آفیشل اکاؤنٹ کو ایک بار استعمال ہونے والا کوڈ بھیجیں۔',
      steps: ['کوڈ ہمارے آفیشل اکاؤنٹ کو بھیجیں'],
    },
    'bn-BD': {
      title: 'আপনার মেসেজিং নম্বর যাচাই করুন',
      description: 'নম্বরটি যে আপনার, তা প্রমাণ করতে আমাদের অফিসিয়াল অ্যাকাউন্টে একটি এককালীন কোড পাঠান।',
      steps: ['কোডটি আমাদের অফিসিয়াল অ্যাকাউন্টে পাঠান'],
    },
    'ph-PH': {
      title: 'I-verify ang iyong messaging number',
      description: 'Magpadala ng one-time code sa aming opisyal na account para patunayang iyo ang numero.',
      steps: ['Ipadala ang code sa aming opisyal na account'],
    },
    'ng-HA': {
      title: 'Tabbatar da lambar saƙonka',
      description: 'Tura lambar sirri ta amfani sau ɗaya zuwa asusunmu na hukuma don ka tabbatar cewa lambar taka ce.',
      steps: ['Tura lambar zuwa asusunmu na hukuma'],
    },
  },
  hang: {
    'hi-IN': {
      title: 'ऑनलाइन रहें',
      description: 'ऑनलाइन पेज खुला रखें; ऑनलाइन बिताए हर घंटे पर पॉइंट मिलते हैं।',
      steps: ['ऑनलाइन जाएँ'],
    },
    'hi-IND': {
      title: 'Tetap online',
      description: 'Biarkan halaman online tetap terbuka; setiap jam online memberimu poin.',
      steps: ['Mulai online'],
    },
    'br-BR': {
      title: 'Mantente en línea',
      description: 'Mantén abierta la página en línea; cada hora en línea suma puntos.',
      steps: ['Conéctate'],
    },
    'ur-PK': {
      title: 'آن لائن رہیں',
      description: 'آن لائن پیج کھلا رکھیں؛ آن لائن گزارے گئے ہر گھنٹے پر پوائنٹس ملتے ہیں۔',
      steps: ['آن لائن ہوں'],
    },
    'bn-BD': {
      title: 'অনলাইনে থাকুন',
      description: 'অনলাইন পেজটি খোলা রাখুন; অনলাইনে থাকা প্রতি ঘণ্টায় পয়েন্ট মেলে।',
      steps: ['অনলাইনে যান'],
    },
    'ph-PH': {
      title: 'Manatiling online',
      description: 'Panatilihing bukas ang online page; may points ang bawat oras na online ka.',
      steps: ['Mag-online'],
    },
    'ng-HA': {
      title: 'Kasance a kan layi',
      description: 'Bar shafin kan layi a buɗe; kowace sa’a a kan layi tana kawo maki.',
      steps: ['Shiga kan layi'],
    },
  },
  fitnessApp: {
    'hi-IN': {
      title: 'पार्टनर फ़िटनेस ऐप आज़माएँ',
      description: 'मुफ़्त पार्टनर ऐप इंस्टॉल करें, उसका छोटा सेटअप पूरा करें और दो स्क्रीनशॉट अपलोड करें: इंस्टॉल किया हुआ ऐप और पूरा हुआ सेटअप।',
      steps: ['डाउनलोड पेज खोलें', 'दो स्क्रीनशॉट अपलोड करें'],
      pictures: ['इंस्टॉल किया हुआ ऐप', 'पूरा हुआ सेटअप'],
    },
    'hi-IND': {
      title: 'Coba aplikasi kebugaran mitra',
      description: 'Pasang aplikasi mitra yang gratis, selesaikan pengaturan singkatnya, lalu unggah dua tangkapan layar: aplikasi yang terpasang dan pengaturan yang sudah selesai.',
      steps: ['Buka halaman unduhan', 'Unggah dua tangkapan layar'],
      pictures: ['Aplikasi yang terpasang', 'Pengaturan yang sudah selesai'],
    },
    'br-BR': {
      title: 'Prueba la app de ejercicio asociada',
      description: 'Instala la app asociada gratuita, completa su breve configuración y sube dos capturas: la app instalada y la configuración terminada.',
      steps: ['Abre la página de descarga', 'Sube dos capturas de pantalla'],
      pictures: ['La app instalada', 'La configuración terminada'],
    },
    'ur-PK': {
      title: 'پارٹنر فٹنس ایپ آزمائیں',
      description: 'مفت پارٹنر ایپ انسٹال کریں، اس کا مختصر سیٹ اپ مکمل کریں اور دو اسکرین شاٹ اپ لوڈ کریں: انسٹال شدہ ایپ اور مکمل سیٹ اپ۔',
      steps: ['ڈاؤن لوڈ پیج کھولیں', 'دو اسکرین شاٹ اپ لوڈ کریں'],
      pictures: ['انسٹال شدہ ایپ', 'مکمل سیٹ اپ'],
    },
    'bn-BD': {
      title: 'পার্টনার ফিটনেস অ্যাপ ব্যবহার করে দেখুন',
      description: 'ফ্রি পার্টনার অ্যাপটি ইনস্টল করুন, এর ছোট সেটআপ শেষ করুন এবং দুটি স্ক্রিনশট আপলোড করুন: ইনস্টল করা অ্যাপ ও শেষ হওয়া সেটআপ।',
      steps: ['ডাউনলোড পেজ খুলুন', 'দুটি স্ক্রিনশট আপলোড করুন'],
      pictures: ['ইনস্টল করা অ্যাপ', 'শেষ হওয়া সেটআপ'],
    },
    'ph-PH': {
      title: 'Subukan ang partner fitness app',
      description: 'I-install ang libreng partner app, tapusin ang maikling setup nito, at mag-upload ng dalawang screenshot: ang naka-install na app at ang natapos na setup.',
      steps: ['Buksan ang download page', 'Mag-upload ng dalawang screenshot'],
      pictures: ['Ang naka-install na app', 'Ang natapos na setup'],
    },
    'ng-HA': {
      title: 'Gwada manhajar motsa jiki ta abokin hulɗa',
      description: 'Sanya manhajar abokin hulɗa kyauta, kammala ɗan gajeren saitinta, sannan ka ɗora hotunan allo biyu: manhajar da aka sanya da saitin da aka kammala.',
      steps: ['Buɗe shafin saukewa', 'Ɗora hotunan allo biyu'],
      pictures: ['Manhajar da aka sanya', 'Saitin da aka kammala'],
    },
  },
} satisfies Record<string, TaskTranslations>;

export type SeedTaskKey = keyof typeof TASK_TEXTS;
